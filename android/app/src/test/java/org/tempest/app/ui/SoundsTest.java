package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * The sounds: which one each move calls for (judged on real games), each
 * synthesised sound audible, unclipped and different from the others, the
 * music a seamless loop, and every sound and the music obeying its setting.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
public class SoundsTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static Snapshot loaded(String pgn) {
        Screens.controller().load(pgn, 1, (ok, problem) -> assertTrue(problem, ok));
        Screens.settle();
        return Screens.controller().snapshot();
    }

    @Test
    public void eachMoveCallsForItsSound() {
        assertEquals(Sounds.Kind.MOVE, Sounds.kindFor(loaded("[Event \"x\"]\n\n1. e4 d5 *\n")));
        assertEquals(Sounds.Kind.CAPTURE, Sounds.kindFor(loaded("[Event \"x\"]\n\n1. e4 d5 2. exd5 *\n")));
        assertEquals(Sounds.Kind.CHECK, Sounds.kindFor(loaded("[Event \"x\"]\n\n1. e4 f5 2. Qh5+ *\n")));
        assertEquals(Sounds.Kind.GAME_END, Sounds.kindFor(loaded("[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")));
        Screens.controller().newGame(new GameSetup("chessmate", "wb", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
        Screens.settle();
        Screens.controller().play("LC:a1a8");
        Screens.settle();
        assertEquals(Sounds.Kind.CARD, Sounds.kindFor(Screens.controller().snapshot()));
        Screens.controller().play("HF+e7e5");
        Screens.settle();
        assertEquals("Hand of Fate is a card too", Sounds.Kind.CARD, Sounds.kindFor(Screens.controller().snapshot()));
        Screens.controller().play("d2d4");
        Screens.settle();
        assertEquals(Sounds.Kind.MOVE, Sounds.kindFor(Screens.controller().snapshot()));
    }

    @Test
    public void everySoundIsAudibleUnclippedAndItsOwn() {
        Set<String> distinct = new HashSet<String>();
        for (Sounds.Kind k : Sounds.Kind.values()) {
            short[] pcm = Sounds.samples(k);
            assertTrue(k + " lasts 40 ms to 1 s", pcm.length > Sounds.RATE / 25 && pcm.length < Sounds.RATE);
            int peak = 0;
            for (short v : pcm) {
                peak = Math.max(peak, Math.abs(v));
            }
            assertTrue(k + " peak " + peak, peak > 32767 / 5 && peak < 32767);
            distinct.add(Arrays.toString(Arrays.copyOf(pcm, 2000)) + pcm.length);
        }
        assertEquals(Sounds.Kind.values().length, distinct.size());

        short[] loop = Sounds.musicLoop();
        assertTrue("about sixteen seconds", Math.abs(loop.length - 16 * Sounds.RATE) < Sounds.RATE);
        // No click where the loop starts again: the last sample runs into the first.
        assertTrue(Math.abs(loop[loop.length - 1] - loop[0]) < 2000);
    }

    @Test
    public void theSettingsSilenceEachSoundAndStartTheMusic() {
        Settings settings = new Settings(RuntimeEnvironment.getApplication());
        assertTrue(settings.soundOn(Sounds.Kind.MOVE));
        assertFalse("music is off until chosen", settings.music());
        settings.setSounds(false);
        settings.setSoundOn("sound_check", false);
        assertFalse(settings.soundOn(Sounds.Kind.CAPTURE));
        assertFalse(settings.soundOn(Sounds.Kind.CHECK));
        assertTrue(settings.soundOn(Sounds.Kind.CARD));

        Screens.controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        ActivityController<GameActivity> c = Robolectric.buildActivity(GameActivity.class).setup();
        GameActivity a = c.get();
        Screens.settle();
        Screens.controller().play("e2e4");
        Screens.settle();
        assertTrue("move sounds are off: " + a.soundsPlayed(), a.soundsPlayed().isEmpty());
        assertFalse(a.musicOn());
        c.pause().stop();

        settings.setSounds(true);
        settings.setMusic(true);
        c.restart().resume();
        Screens.settle();
        assertTrue("the music plays while the game is on screen", a.musicOn());
        Screens.controller().play("d2d4");
        Screens.settle();
        assertTrue(a.soundsPlayed().toString(), a.soundsPlayed().contains(Sounds.Kind.MOVE));
        c.pause().stop();
        assertFalse("and stops when it is not", a.musicOn());
    }
}
