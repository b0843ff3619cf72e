package org.tempest.app.ui;

import android.os.Handler;
import android.os.Looper;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.tempest.app.engine.EngineException;
import org.tempest.app.game.Snapshot;

/**
 * The one worker thread the game's engine is used on (engine I/O never runs
 * on the UI thread), and the way back: the screens listening, the news
 * posted to them on the UI thread, and the count of requests queued or
 * running, which tests wait for.
 */
final class GameWorker {
    /** A question for the engine whose answer goes to a callback. */
    interface Question<T> {
        T answer() throws EngineException;
    }

    private final ExecutorService worker = Executors.newSingleThreadExecutor(new ThreadFactory() {
        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "tempest-engine");
            t.setDaemon(true);
            return t;
        }
    });
    private final Handler ui = new Handler(Looper.getMainLooper());
    private final List<GameController.Listener> listeners = new ArrayList<GameController.Listener>();
    private final AtomicInteger pending = new AtomicInteger();

    void addListener(GameController.Listener l) {
        listeners.add(l);
    }

    void removeListener(GameController.Listener l) {
        listeners.remove(l);
    }

    /** True when no request is queued or running. */
    boolean idle() {
        return pending.get() == 0;
    }

    /** Queues a request on the worker; it counts as pending until it calls finish. */
    void start(Runnable request) {
        pending.incrementAndGet();
        worker.execute(request);
    }

    /** The same, the screens told first that the engine thinks (before the request can end, which says it stopped). */
    void startThinking(Runnable request) {
        pending.incrementAndGet();
        thinking(true);
        worker.execute(request);
    }

    /** Queues something that is no request (tests): nothing waits for it. */
    void execute(Runnable r) {
        worker.execute(r);
    }

    /** Runs the request's news on the UI thread, and then the request is done. */
    void finish(final Runnable news) {
        post(new Runnable() {
            @Override
            public void run() {
                news.run();
                pending.decrementAndGet();
            }
        });
    }

    /** Asks the engine on the worker; the answer, or the engine's words, go to the callback. */
    <T> void ask(final Question<T> q, final GameController.Callback<T> done) {
        start(new Runnable() {
            @Override
            public void run() {
                T value = null;
                String problem = null;
                try {
                    value = q.answer();
                } catch (EngineException e) {
                    problem = e.getMessage();
                }
                deliver(done, value, problem);
            }
        });
    }

    /** Hands a request's answer to its callback on the UI thread, and then the request is done. */
    <T> void deliver(final GameController.Callback<T> done, final T value, final String problem) {
        finish(new Runnable() {
            @Override
            public void run() {
                done.done(value, problem);
            }
        });
    }

    /** Shows a new picture of the game on every screen. */
    void snapshot(final Snapshot s) {
        post(new Runnable() {
            @Override
            public void run() {
                for (GameController.Listener l : listeners()) {
                    l.onSnapshot(s);
                }
            }
        });
    }

    void thinking(final boolean on) {
        post(new Runnable() {
            @Override
            public void run() {
                for (GameController.Listener l : listeners()) {
                    l.onThinking(on);
                }
            }
        });
    }

    void problem(final String title, final String message) {
        post(new Runnable() {
            @Override
            public void run() {
                for (GameController.Listener l : listeners()) {
                    l.onProblem(title, message);
                }
            }
        });
    }

    void post(Runnable r) {
        ui.post(r);
    }

    /** The screens listening now (a copy: a listener may leave while it hears). UI thread. */
    List<GameController.Listener> listeners() {
        return new ArrayList<GameController.Listener>(listeners);
    }

    /** Runs last on the worker, then ends it, waiting a few seconds for what is queued. */
    void shutdown(Runnable last) {
        worker.execute(last);
        worker.shutdown();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
