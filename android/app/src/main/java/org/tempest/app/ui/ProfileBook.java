package org.tempest.app.ui;

import java.io.File;
import java.io.IOException;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.engine.UciClient;
import org.tempest.app.game.GameSession;
import org.tempest.app.game.GameStore;
import org.tempest.app.game.Profiles;
import org.tempest.app.game.RatedGames;
import org.tempest.app.game.Snapshot;

/**
 * What the games leave in the players' profiles: the autosave after every
 * change, each finished game counted once for its profile and, when rated,
 * for its rating (RatedGames), a rated game left under way counted as lost,
 * and the engine's levels the ratings are computed with. The game's course
 * is GameController's; every method here runs on its worker, but for the
 * stores and the levels already known, which any thread may read.
 */
final class ProfileBook {
    private final File filesDir;
    private final Profiles profiles;
    private final RatedGames rated;
    /** Reports what could not be saved to the screens. */
    private final GameWorker work;
    /** Whether the game on the board has been counted (worker thread). */
    private boolean recorded;
    private volatile List<LevelInfo> levels;

    ProfileBook(File filesDir, GameWorker work) {
        this.filesDir = filesDir;
        this.profiles = new Profiles(filesDir);
        this.rated = new RatedGames(profiles);
        this.work = work;
    }

    Profiles profiles() {
        return profiles;
    }

    RatedGames rated() {
        return rated;
    }

    /** A profile's saved games and autosave, in its own folder. */
    GameStore storeOf(String profile) {
        return new GameStore(profiles.folder(filesDir, profile));
    }

    /** Deletes a profile with its results and games (Profiles.deleteWithGames); false when refused. */
    boolean deleteProfile(String name) throws IOException {
        return profiles.deleteWithGames(filesDir, name);
    }

    /** A new game is to start: it is counted once it ends. */
    void newGame() {
        recorded = false;
    }

    /** A game that may have ended already is on the board (resumed, loaded): it was counted when it ended. */
    void continued(Snapshot s) {
        recorded = s.state.over;
    }

    /**
     * A game of the profile has started: a rated game it left under way
     * counts as a loss (RatedGames.abandon), its record still in the
     * profile's autosave, which the new game's is saved over next.
     */
    Snapshot leftBehind(Snapshot s, GameSession session) {
        try {
            rated.abandon(s.setup.profile, storeOf(s.setup.profile), levelsNow(session));
        } catch (IOException | EngineException e) {
            work.problem("Rating", "the rated game left unfinished could not be counted: " + e.getMessage());
        }
        return s;
    }

    /** A help is used in the game: it counts for no rating from now on. */
    void madeCasual(Snapshot s) {
        try {
            rated.casual(s.setup.profile);
        } catch (IOException e) {
            work.problem("Rating", "the game could not be made casual: " + e.getMessage());
        }
    }

    /** The person moved: a rated game is under way, and leaving it now would lose it. */
    void moved(Snapshot s) {
        try {
            rated.moved(s);
        } catch (IOException e) {
            work.problem("Rating", "the rated game could not be marked as under way: " + e.getMessage());
        }
    }

    /** Autosaves the game, and counts it once when it has ended. */
    void changed(Snapshot s, GameSession session, GameController controller) {
        // A game whose profile was deleted meanwhile is neither saved nor counted for anyone else.
        boolean owned = profiles.names().contains(s.setup.profile);
        String record = null;
        try {
            if (owned) {
                record = session.record();
                storeOf(s.setup.profile).autosave(s.setup, record, session.clock(), session.now());
            }
        } catch (IOException e) {
            work.problem("Autosave", "the game could not be saved: " + e.getMessage());
        } catch (EngineException e) {
            work.problem("Autosave", "the engine did not give the game record: " + e.getMessage());
        }
        char outcome = s.humanOutcome();
        if (outcome != 0 && !recorded && owned) {
            recorded = true;
            try {
                profiles.record(s.setup.profile, s.setup.variant, s.setup.level, outcome);
            } catch (IOException e) {
                work.problem("Profile", "the result could not be saved: " + e.getMessage());
            }
            try {
                // The archive's record names the players and the date, as a saved one does.
                rated.finished(s, record == null ? null
                        : RecordTags.fillIn(record, Players.recordTags(s, controller, new Date())), levelsNow(session));
            } catch (IOException | EngineException e) {
                work.problem("Rating", "the rated game could not be counted: " + e.getMessage());
            }
        }
    }

    /** The engine's levels for the worker: asked of the game's engine when not known yet (none without one). */
    List<LevelInfo> levelsNow(GameSession session) throws EngineException {
        if (levels == null && session.client() != null) {
            levels = session.client().levels();
        }
        List<LevelInfo> l = levels;
        return l != null ? l : Collections.<LevelInfo>emptyList();
    }

    /** The engine's levels, asked of the game's engine or of one started for the question. Worker. */
    List<LevelInfo> levels(GameSession session, GameSession.EngineFactory engines) throws EngineException {
        if (levels == null) {
            UciClient c = session.client();
            if (c != null) {
                levels = c.levels();
            } else {
                c = engines.start();
                try {
                    levels = c.levels();
                } finally {
                    c.close();
                }
            }
        }
        return levels;
    }

    /** The levels once asked for, or null. Any thread. */
    List<LevelInfo> knownLevels() {
        return levels;
    }
}
