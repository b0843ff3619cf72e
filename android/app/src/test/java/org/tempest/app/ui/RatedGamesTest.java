package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.os.Looper;
import android.view.View;
import android.view.ViewGroup;
import android.widget.CheckBox;
import android.widget.LinearLayout;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.robolectric.shadows.ShadowAlertDialog;
import org.tempest.app.R;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.Clock;
import org.tempest.app.game.GameSession;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.RatedArchive;
import org.tempest.app.game.Rating;
import org.tempest.app.game.Snapshot;

/**
 * Rated and casual games against the real engine (docs/ANDROID.md, "Rated
 * and casual games"): the new-game screen says whether a game will be
 * rated; a help (undo, a hint, the evaluation bar) asks once and makes the
 * game casual, which then moves no rating; a loaded position is casual; a
 * rated win and loss move the rating by the documented formula against the
 * level's Elo in that game, read from the engine's "levels"; a rated game
 * left unfinished counts as a loss when the next one starts; the profile's
 * graph has a point per rated game; the archive keeps every one across a
 * restart and opens it; the files of the app before ratings are migrated.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class RatedGamesTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static File files() {
        return RuntimeEnvironment.getApplication().getFilesDir();
    }

    private static String text(android.app.Activity a, int id) {
        return ((TextView) a.findViewById(id)).getText().toString();
    }

    private static void click(AlertDialog d, int which) {
        d.getButton(which).performClick();
        shadowOf(Looper.getMainLooper()).idle();
    }

    private static List<LevelInfo> levels() {
        final Object[] got = new Object[1];
        controller().levels((l, problem) -> got[0] = l);
        AppTest.waitFor("the levels", () -> got[0] != null);
        @SuppressWarnings("unchecked")
        List<LevelInfo> l = (List<LevelInfo>) got[0];
        return l;
    }

    /** Chess against the greedy level, rated. */
    private static GameSetup ratedChess() {
        return new GameSetup("chess", "w", 1, "startpos", "Player").ratedOn("chess");
    }

    private static RatedArchive archive() throws Exception {
        return controller().rated().archive("Player");
    }

    private static GameActivity openGame() {
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        return a;
    }

    /** A rated chess game lost by resigning after 1. e4. */
    private static void loseOne(GameSetup setup) {
        GameController c = controller();
        c.newGame(setup);
        Screens.settle();
        c.play(c.snapshot().legal.contains("e2e4") ? "e2e4" : c.snapshot().legal.get(0));
        Screens.settle();
        c.resign();
        Screens.settle();
        assertTrue(c.snapshot().state.over);
    }

    /**
     * A rated chess game won on time: the test's clock jumps ten minutes
     * whenever it is read while the engine's (Black's) clock runs, so the
     * engine's one minute is gone once it has moved.
     */
    private static void winOnTime() {
        GameController c = controller();
        final GameSession session = c.sessionForTest();
        final AtomicLong base = new AtomicLong(1_000_000);
        session.setTickerForTest(() -> {
            Clock clock = session.clock();
            return clock != null && "b".equals(clock.running()) ? base.get() + 600_000 : base.get();
        });
        c.newGame(ratedChess().withClock(60_000, 0));
        Screens.settle();
        c.play("e2e4");
        Screens.settle();
        Snapshot s = c.snapshot();
        assertTrue(s.state.over);
        assertEquals("1-0", s.state.result);
        assertEquals("result from the record (" + GameSession.TIME_FORFEIT + ")", s.state.reason);
    }

    @Test
    public void theNewGameScreenSaysWhetherTheGameWillBeRated() throws Exception {
        NewGameActivity n = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        AppTest.waitFor("the games and levels", () -> n.findViewById(R.id.btn_start).isEnabled());
        Screens.settle();
        RadioGroup levels = n.findViewById(R.id.level_group);
        levels.check(levels.getChildAt(1).getId()); // greedy
        CheckBox rated = n.findViewById(R.id.rated);
        String status = text(n, R.id.rated_status);
        assertTrue(status, status.startsWith("Rated: your rating in Chess is 1000, provisional (0 of 20 rated games)."));
        assertTrue(rated.isEnabled() && rated.isChecked());
        ((android.widget.ScrollView) ((ViewGroup) n.findViewById(android.R.id.content)).getChildAt(0))
                .fullScroll(View.FOCUS_DOWN); // the check box and its line are at the end, by Start
        AppTest.screenshot(n, "new_game_rated");

        ((CheckBox) n.findViewById(R.id.pass_and_play)).setChecked(true);
        assertEquals("Casual: more than one person plays.", text(n, R.id.rated_status));
        assertFalse(rated.isEnabled());
        assertFalse(rated.isChecked());
        ((CheckBox) n.findViewById(R.id.pass_and_play)).setChecked(false);
        assertTrue(rated.isChecked());

        RadioGroup variants = n.findViewById(R.id.variant_group);
        variants.check(R.id.rb_chessmate);
        assertTrue(text(n, R.id.rated_status), text(n, R.id.rated_status).startsWith("Rated: your rating in Card chess"));
        variants.check(R.id.rb_stratego);
        assertTrue(text(n, R.id.rated_status), text(n, R.id.rated_status).startsWith("Rated: your rating in Stratego"));
        variants.check(R.id.rb_chameleon);
        AppTest.waitFor("the seats", () -> n.seat("g") != null);
        n.seat("r").setSelection(NewGameActivity.SEAT_PERSON);
        n.seat("b").setSelection(n.engineSeat(1));
        n.seat("y").setSelection(n.engineSeat(2));
        n.seat("g").setSelection(NewGameActivity.SEAT_ABSENT);
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals("three players: no level was measured in such games",
                "Casual: the levels' strength in this game of 3 players is unmeasured.", text(n, R.id.rated_status));
        n.seat("g").setSelection(n.engineSeat(3));
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue(text(n, R.id.rated_status),
                text(n, R.id.rated_status).startsWith("Rated: your rating in Chameleon Chess, 4 players is 1000"));
        n.seat("b").setSelection(NewGameActivity.SEAT_ABSENT);
        n.seat("g").setSelection(NewGameActivity.SEAT_ABSENT);
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue(text(n, R.id.rated_status),
                text(n, R.id.rated_status).startsWith("Rated: your rating in Chameleon Chess, 2 players is 1000"));
        Screens.assertNoTextClipped(n.findViewById(android.R.id.content));

        // Chosen casual: kept for the next game; chess started rated otherwise.
        variants.check(R.id.rb_chess);
        rated.setChecked(false);
        assertEquals("Casual, as you chose: it counts for no rating.", text(n, R.id.rated_status));
        assertFalse(controller().settings().ratedGames());
        rated.setChecked(true);
        assertTrue(controller().settings().ratedGames());
        n.findViewById(R.id.btn_start).performClick();
        Screens.settle();
        GameSetup s = controller().snapshot().setup;
        assertEquals("chess", s.rated);
        GameActivity a = openGame();
        assertEquals("Rated", text(a, R.id.rated_mark));
        AppTest.screenshot(a, "game_rated");
        a.findViewById(R.id.rated_mark).performClick();
        String explained = shadowOf(a.answerDialog()).getMessage().toString();
        assertTrue(explained, explained.startsWith("This game counts for your rating in Chess: 1000, provisional"));
        assertTrue(explained, explained.contains("counts as a loss when your next game starts"));
    }

    @Test
    public void aHelpAsksOnceThenMakesTheGameCasualForGood() throws Exception {
        // Level 2 searches, so the engine has an evaluation the rated game keeps to itself.
        controller().newGame(new GameSetup("chess", "w", 2, "startpos", "Player").ratedOn("chess"));
        GameActivity a = openGame();
        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        Screens.settle();
        assertNotNull("the engine has an opinion", controller().evaluation());
        assertEquals("a rated game hides it", View.GONE, a.findViewById(R.id.eval_bar).getVisibility());
        assertTrue(Screens.menuItem(a, R.id.menu_evaluation).isVisible());

        a.findViewById(R.id.btn_undo).performClick();
        AlertDialog ask = a.answerDialog();
        assertEquals("This game becomes casual", shadowOf(ask).getTitle().toString());
        assertTrue(shadowOf(ask).getMessage().toString().startsWith("Undo is a help."));
        AppTest.screenshotDialog(ask, "rated_help_dialog");
        Screens.assertNoRawToken(ask.getWindow().getDecorView(), "the question");
        click(ask, DialogInterface.BUTTON_NEGATIVE);
        Screens.settle();
        assertTrue("cancelled: still rated", controller().snapshot().setup.isRated());
        assertEquals(2, controller().snapshot().moves.size());

        a.findViewById(R.id.btn_hint).performClick();
        ask = a.answerDialog();
        assertTrue(shadowOf(ask).getMessage().toString().startsWith("A hint is a help."));
        click(ask, DialogInterface.BUTTON_POSITIVE);
        Screens.settle();
        assertFalse(controller().snapshot().setup.isRated());
        assertNotNull("the hint came", a.hintForTest());
        assertEquals("Casual", text(a, R.id.rated_mark));
        assertEquals("a casual game shows it", View.VISIBLE, a.findViewById(R.id.eval_bar).getVisibility());
        assertFalse(Screens.menuItem(a, R.id.menu_evaluation).isVisible());
        assertFalse("the autosave is casual too", controller().store().autosavedSetup().isRated());

        // Casual for good: undo asks nothing now, and the end moves no rating.
        ShadowAlertDialog.reset();
        a.findViewById(R.id.btn_undo).performClick();
        Screens.settle();
        assertEquals(0, controller().snapshot().moves.size());
        assertEquals(null, ShadowAlertDialog.getLatestAlertDialog());
        controller().play("d2d4");
        Screens.settle();
        controller().resign();
        Screens.settle();
        assertTrue(archive().entries().isEmpty());
        assertFalse(controller().rated().pending("Player"));
        assertEquals("the results by level count it", 1, controller().profiles().ranking("Player").get(0).losses);

        // The evaluation bar is a help too.
        controller().newGame(new GameSetup("chess", "w", 2, "startpos", "Player").ratedOn("chess"));
        a = openGame();
        Screens.chooseMenu(a, R.id.menu_evaluation);
        assertTrue(shadowOf(a.answerDialog()).getMessage().toString().startsWith("The evaluation bar is a help."));
        click(a.answerDialog(), DialogInterface.BUTTON_POSITIVE);
        Screens.settle();
        assertFalse(controller().snapshot().setup.isRated());

        // So is the analysis: cancelled, nothing opens; on yes it opens and the game is casual.
        controller().newGame(new GameSetup("chess", "w", 2, "startpos", "Player").ratedOn("chess"));
        a = openGame();
        Screens.chooseMenu(a, R.id.menu_analysis);
        assertTrue(shadowOf(a.answerDialog()).getMessage().toString().startsWith("The analysis is a help."));
        click(a.answerDialog(), DialogInterface.BUTTON_NEGATIVE);
        Screens.settle();
        assertEquals(View.GONE, a.findViewById(R.id.analysis_panel).getVisibility());
        assertTrue(controller().snapshot().setup.isRated());
        Screens.chooseMenu(a, R.id.menu_analysis);
        click(a.answerDialog(), DialogInterface.BUTTON_POSITIVE);
        Screens.settle();
        assertEquals(View.VISIBLE, a.findViewById(R.id.analysis_panel).getVisibility());
        assertFalse(controller().snapshot().setup.isRated());
        Screens.chooseMenu(a, R.id.menu_analysis); // closes it: a closed panel stops its engine's search
        Screens.settle();

        // A position or a record opened is casual from the start.
        final Boolean[] done = new Boolean[1];
        controller().openPosition("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "w", 1, (ok, p) -> done[0] = ok);
        AppTest.waitFor("the position", () -> done[0] != null);
        Screens.settle();
        assertFalse(controller().snapshot().setup.isRated());
        done[0] = null;
        controller().load("[Event \"x\"]\n\n1. e4 e5 *\n", 1, (ok, p) -> done[0] = ok);
        AppTest.waitFor("the record", () -> done[0] != null);
        Screens.settle();
        assertFalse(controller().snapshot().setup.isRated());
        assertTrue(archive().entries().isEmpty());
    }

    @Test
    public void aRatedWinAndLossMoveTheRatingByTheFormula() throws Exception {
        Integer greedy = levels().get(1).eloIn("chess", 2);
        assertNotNull("the engine's levels give greedy an Elo in chess", greedy);

        controller().newGame(ratedChess());
        GameActivity a = openGame();
        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        Screens.settle();
        assertTrue("moved: under way", controller().rated().pending("Player"));
        Screens.chooseMenu(a, R.id.menu_resign);
        click(a.answerDialog(), DialogInterface.BUTTON_POSITIVE);
        Screens.settle();
        RatedArchive.Entry loss = archive().entries().get(0);
        double lost = 1000 + 40 * (0 - 1 / (1 + Math.pow(10, (greedy - 1000) / 400.0)));
        assertEquals(1000, loss.before, 0);
        assertEquals(lost, loss.after, 1e-9);
        assertEquals("White resigns", loss.end);
        assertEquals("b1", loss.opponents);
        assertEquals(greedy, loss.opponentElo[0], 0);
        String end = shadowOf(a.endDialog()).getMessage().toString();
        assertTrue(end, end.endsWith("Your rating in Chess: " + Ratings.change(loss) + ", provisional"));
        AppTest.screenshotDialog(a.endDialog(), "rated_game_over");
        assertFalse(controller().rated().pending("Player"));

        winOnTime();
        RatedArchive.Entry win = archive().entries().get(1);
        assertEquals(lost, win.before, 1e-9);
        assertEquals(lost + 40 * (1 - 1 / (1 + Math.pow(10, (greedy - lost) / 400.0))), win.after, 1e-9);
        assertEquals(win.after, archive().rating("chess"), 0);
        assertEquals(GameSession.TIME_FORFEIT, win.end);
        assertTrue(win.record(), win.record().contains("1. e4 "));
        assertTrue("the record names the player", win.record().contains("[White \"Player\"]"));
        assertEquals(2, archive().games("chess"));
    }

    @Test
    public void aRatedGameLeftUnfinishedCountsAsALoss() throws Exception {
        Integer greedy = levels().get(1).eloIn("chess", 2);
        // Not moved yet: leaving it costs nothing.
        controller().newGame(ratedChess());
        Screens.settle();
        assertFalse(controller().rated().pending("Player"));
        controller().newGame(ratedChess());
        Screens.settle();
        assertTrue(archive().entries().isEmpty());

        GameActivity a = openGame();
        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        Screens.settle();
        Screens.chooseMenu(a, R.id.menu_new_game);
        AlertDialog ask = a.answerDialog();
        assertEquals("Leave this rated game?", shadowOf(ask).getTitle().toString());
        assertTrue(shadowOf(ask).getMessage().toString().startsWith("A rated game left unfinished counts as a loss"));
        AppTest.screenshotDialog(ask, "rated_leave_dialog");
        click(ask, DialogInterface.BUTTON_POSITIVE);
        Intent next = shadowOf(a).getNextStartedActivity();
        assertEquals(NewGameActivity.class.getName(), next.getComponent().getClassName());
        NewGameActivity n = Robolectric.buildActivity(NewGameActivity.class, next).setup().get();
        AppTest.waitFor("the games and levels", () -> n.findViewById(R.id.btn_start).isEnabled());
        Screens.settle();
        assertTrue(text(n, R.id.rated_status), text(n, R.id.rated_status).startsWith("Your rated game under way counts "
                + "as a loss once this one starts"));
        assertTrue("nothing counted before the next game starts", archive().entries().isEmpty());

        // Opening another game asks too; cancelled, nothing happens.
        RecordFiles.load(n, "[Event \"x\"]\n\n1. d4 *\n", () -> {
            throw new AssertionError("not opened");
        });
        AlertDialog leave = ShadowAlertDialog.getLatestAlertDialog();
        assertEquals("Leave your rated game?", shadowOf(leave).getTitle().toString());
        click(leave, DialogInterface.BUTTON_NEGATIVE);
        Screens.settle();
        assertEquals("e2e4", controller().snapshot().moves.get(0));

        n.findViewById(R.id.btn_start).performClick();
        Screens.settle();
        List<RatedArchive.Entry> games = archive().entries();
        assertEquals(1, games.size());
        RatedArchive.Entry left = games.get(0);
        assertTrue(left.abandoned());
        assertEquals(0, left.points[0], 0);
        assertEquals(1000 + 40 * (0 - 1 / (1 + Math.pow(10, (greedy - 1000) / 400.0))), left.after, 1e-9);
        assertTrue("its record is the game left", left.record().contains("1. e4 "));
        assertEquals("Lost (left unfinished)", Ratings.result(left));
        assertFalse("the new game is under way, not moved in", controller().rated().pending("Player"));
    }

    /**
     * Chameleon Chess of four players, rated against three engine players:
     * the person's points against each come from the finishing order the
     * engine's board lines give (the winner, then who went out last), and
     * the rating moves by K/3 per player against their Elo in four-player
     * games.
     */
    @Test
    public void aRatedGameOfFourIsScoredByTheFinishingOrder() throws Exception {
        Integer random = levels().get(0).eloIn("chameleon", 4);
        assertNotNull("the engine measured its levels in four-player games", random);
        controller().newGame(new GameSetup("chameleon", "r", 0, "startpos players rbyg", "Player", "b0,y0,g0")
                .ratedOn("chameleon/4"));
        Screens.settle();
        for (int i = 0; i < 500 && !controller().snapshot().state.over; i++) {
            Snapshot s = controller().snapshot();
            if (s.legal.isEmpty()) {
                break; // out of the game: the engine players finish it
            }
            controller().play(s.legal.get(0));
            Screens.settle();
        }
        Snapshot end = controller().snapshot();
        assertTrue(end.state.over);
        List<String> out = new ArrayList<String>();
        for (String line : end.board) {
            String[] f = line.trim().split("\\s+");
            for (int k = 0; k + 1 < f.length; k++) {
                if (f[k].equals("eliminated") && !f[k + 1].equals("-")) {
                    for (String e : f[k + 1].split(",")) {
                        out.add(e.substring(0, 1));
                    }
                }
            }
        }
        String winner = end.winner();
        double[] expected = new double[3];
        String[] others = {"b", "y", "g"};
        for (int i = 0; i < 3; i++) {
            int mine = "r".equals(winner) ? 100 : out.contains("r") ? out.indexOf("r") : 50;
            int theirs = others[i].equals(winner) ? 100 : out.contains(others[i]) ? out.indexOf(others[i]) : 50;
            expected[i] = mine > theirs ? 1 : mine == theirs ? 0.5 : 0;
        }
        RatedArchive.Entry e = archive().entries().get(0);
        assertEquals("chameleon/4", e.scale);
        assertEquals("b0,y0,g0", e.opponents);
        org.junit.Assert.assertArrayEquals(expected, e.points, 0);
        double[] elo = {random, random, random};
        assertEquals(1000 + 40.0 / 3 * ((expected[0] + expected[1] + expected[2])
                - 3 / (1 + Math.pow(10, (random - 1000) / 400.0))), e.after, 1e-9);
        assertEquals(Rating.after(1000, 0, expected, elo), e.after, 1e-9);
    }

    /** Rated games of two kinds, then the profile screen and the archive, in the light and the dark theme. */
    @Test
    public void theGraphShowsOnePointPerRatedGameAndTheArchiveKeepsThemAcrossARestart() throws Exception {
        String pattern = "WLWWLWLWWWLWWLWWWLWWLW"; // 22 chess games: past the provisional 20
        for (char c : pattern.toCharArray()) {
            if (c == 'W') {
                winOnTime();
            } else {
                controller().sessionForTest().setTickerForTest(() -> System.nanoTime() / 1_000_000);
                loseOne(ratedChess());
            }
        }
        for (int i = 0; i < 3; i++) {
            loseOne(new GameSetup("chessmate", "w", 1, "startpos", "Player").ratedOn("chessmate"));
        }
        assertEquals(pattern.length(), archive().games("chess"));
        assertEquals(3, archive().games("chessmate"));
        double chess = archive().rating("chess");
        assertTrue("22 games, 15 won against greedy: above the start", chess > Rating.START);

        // The app is killed; everything comes back from the files.
        Screens.forgetController();
        assertEquals(pattern.length() + 3, archive().entries().size());
        assertEquals(chess, archive().rating("chess"), 0);

        for (int dark = 0; dark < 2; dark++) {
            new Settings(RuntimeEnvironment.getApplication()).setAppTheme(dark == 1 ? 2 : 1);
            ProfileActivity p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
            Screens.settle();
            LinearLayout ratings = p.findViewById(R.id.ratings);
            List<RatingGraphView> graphs = new ArrayList<RatingGraphView>();
            List<String> texts = Screens.visibleTexts(ratings);
            for (int i = 0; i < ratings.getChildCount(); i++) {
                if (ratings.getChildAt(i) instanceof RatingGraphView) {
                    graphs.add((RatingGraphView) ratings.getChildAt(i));
                }
            }
            assertEquals(2, graphs.size());
            assertEquals("chess", graphs.get(0).getTag());
            assertEquals("one point per rated game", pattern.length(), graphs.get(0).points().size());
            assertEquals(3, graphs.get(1).points().size());
            assertEquals(archive().entries("chess").get(21).after, graphs.get(0).points().get(21), 0);
            assertTrue(texts.toString(), texts.contains("Chess: " + Math.round(chess)));
            assertTrue(texts.toString(), texts.contains("Card chess: " + Ratings.rating(archive().rating("chessmate"), 3)));
            Screens.assertNoTextClipped(p.findViewById(android.R.id.content));
            AppTest.screenshot(p, dark == 1 ? "profile_ratings_dark" : "profile_ratings");

            RatedGamesActivity r = Robolectric.buildActivity(RatedGamesActivity.class,
                    RatedGamesActivity.intent(RuntimeEnvironment.getApplication(), "Player", "chess")).setup().get();
            Screens.settle();
            ViewGroup list = r.findViewById(R.id.rated_list);
            assertEquals("every rated game, newest first", pattern.length(), list.getChildCount());
            assertEquals(pattern.length(), list.getChildAt(0).getTag());
            assertEquals(pattern.length(), ((RatingGraphView) r.findViewById(R.id.rated_graph)).points().size());
            String first = list.getChildAt(list.getChildCount() - 1).getContentDescription().toString();
            assertTrue(first, first.startsWith("1. Won · Greedy (") && first.contains("1000 → "));
            Screens.assertNoTextClipped(r.findViewById(android.R.id.content));
            Screens.assertNoRawToken(r.findViewById(android.R.id.content), "the rated games");
            AppTest.screenshot(r, dark == 1 ? "rated_games_dark" : "rated_games");
            if (dark == 1) {
                break;
            }
            // A touch opens the game as a saved one opens.
            list.getChildAt(list.getChildCount() - 1).performClick();
            AppTest.waitFor("the game loaded", () -> ShadowAlertDialog.getLatestAlertDialog() != null
                    && shadowOf(ShadowAlertDialog.getLatestAlertDialog()).getTitle().toString().startsWith("Game loaded"));
            click(ShadowAlertDialog.getLatestAlertDialog(), DialogInterface.BUTTON_POSITIVE);
            assertEquals(GameActivity.class.getName(), shadowOf(r).getNextStartedActivity().getComponent().getClassName());
            Snapshot s = controller().snapshot();
            assertEquals("e2e4", s.moves.get(0));
            assertTrue(s.state.over);
            assertFalse("an archived game opened is casual", s.setup.isRated());
        }
    }

    /**
     * The app of before rated games left its files: they are read, the old
     * game goes on casual, nobody has a rating; a damaged players' file is
     * set aside with a message on the start menu, a damaged archive with
     * one on the profile screen, an archive of a newer app is refused there
     * and on the new-game screen; nothing crashes.
     */
    @Test
    public void theFilesOfBeforeRatingsAreMigratedAndBadFilesRefused() throws Exception {
        Screens.forgetController();
        File files = files();
        Files.write(new File(files, "profiles.properties").toPath(),
                "current=Player\nprofile.Player=1\nscore.Player.chess.1.w=3\n".getBytes(StandardCharsets.UTF_8));
        Files.write(new File(files, "autosave.properties").toPath(), ("variant=chess\nhuman=w\nlevel=1\n"
                + "start=startpos\nprofile=Player\nplayerLevels=\nclockBase=0\nclockIncrement=0\n")
                .getBytes(StandardCharsets.UTF_8));
        Files.write(new File(files, "autosave.pgn").toPath(), "[Event \"?\"]\n\n1. e4 e5 *\n".getBytes(StandardCharsets.UTF_8));
        android.app.Activity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        assertEquals("nothing to say", null, ShadowAlertDialog.getLatestAlertDialog());
        assertTrue(new String(Files.readAllBytes(new File(files, "profiles.properties").toPath()), StandardCharsets.UTF_8)
                .contains("version=2"));
        Intent resume = new Intent(m, GameActivity.class);
        resume.putExtra(GameActivity.EXTRA_RESUME, true);
        GameActivity g = Robolectric.buildActivity(GameActivity.class, resume).setup().get();
        AppTest.waitFor("the old game", () -> controller().snapshot() != null && controller().idle());
        assertEquals(2, controller().snapshot().moves.size());
        assertFalse(controller().snapshot().setup.isRated());
        assertEquals("Casual", text(g, R.id.rated_mark));
        ProfileActivity p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
        assertTrue(Screens.visibleTexts(p.findViewById(R.id.ratings)).get(0).startsWith("No rated games yet."));
        assertEquals(3, controller().profiles().ranking("Player").get(0).wins);

        // A damaged archive: set aside, said on the profile screen.
        File archive = controller().profiles().archiveFolder("Player");
        archive.mkdirs();
        Files.write(new File(archive, "archive.properties").toPath(), "version=1\ngames=one\n".getBytes(StandardCharsets.UTF_8));
        Screens.forgetController();
        p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
        String said = Screens.visibleTexts(p.findViewById(R.id.ratings)).toString();
        assertTrue(said, said.contains("could not be read (games is \"one\", not a number)"));
        assertTrue(new File(archive, "archive.properties.damaged").isFile());

        // An archive of a newer app: refused, left alone, and no game is rated meanwhile.
        Files.write(new File(archive, "archive.properties").toPath(), "version=3\ngames=0\n".getBytes(StandardCharsets.UTF_8));
        Screens.forgetController();
        p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
        said = Screens.visibleTexts(p.findViewById(R.id.ratings)).toString();
        assertTrue(said, said.contains("written by a newer Tempest"));
        NewGameActivity n = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        AppTest.waitFor("the games and levels", () -> n.findViewById(R.id.btn_start).isEnabled());
        Screens.settle();
        assertTrue(text(n, R.id.rated_status), text(n, R.id.rated_status).startsWith("Casual: the rated games were "
                + "written by a newer Tempest"));
        assertEquals("version=3\ngames=0\n", new String(Files.readAllBytes(new File(archive, "archive.properties")
                .toPath()), StandardCharsets.UTF_8));

        // A damaged players' file: set aside, and the start menu says so once.
        Screens.forgetController();
        Files.write(new File(files, "profiles.properties").toPath(), "profile.Player=\\uZZZZ\n".getBytes(StandardCharsets.UTF_8));
        ShadowAlertDialog.reset();
        Robolectric.buildActivity(MainActivity.class).setup().get();
        AlertDialog said2 = ShadowAlertDialog.getLatestAlertDialog();
        assertNotNull(said2);
        assertTrue(shadowOf(said2).getMessage().toString(),
                shadowOf(said2).getMessage().toString().startsWith("The players' file could not be read"));
        assertTrue(new File(files, "profiles.properties.damaged").isFile());
    }
}
