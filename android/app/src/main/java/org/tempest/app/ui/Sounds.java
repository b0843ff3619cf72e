package org.tempest.app.ui;

import android.media.AudioAttributes;
import android.media.AudioFormat;
import android.media.AudioTrack;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.tempest.app.game.Snapshot;

/**
 * The app's sounds, made by the app itself: each effect and the background
 * music are synthesised here as 16-bit samples (no sound files, so nothing to
 * license or credit beyond this project). A move, a capture, a check, a card
 * played and the end of the game sound different; the music is a slow loop
 * of arpeggiated chords. A device without audio plays nothing.
 */
final class Sounds {
    enum Kind { MOVE, CAPTURE, CHECK, CARD, GAME_END }

    static final int RATE = 22050;
    private final Map<Kind, AudioTrack> tracks = new EnumMap<Kind, AudioTrack>(Kind.class);
    private AudioTrack music;
    private boolean musicOn;
    /** What was asked to play, newest last (tests read it). */
    private final List<Kind> played = new ArrayList<Kind>();

    /** Which sound a new position calls for: the end, a card, a check, a capture, or a plain move. */
    static Kind kindFor(Snapshot s) {
        if (s.state.over) {
            return Kind.GAME_END;
        }
        boolean card = org.tempest.app.game.MoveToken.parse(s.lastMove).isCardAction();
        if (s.game.cards && card) {
            return Kind.CARD; // a card, Hand of Fate and Vulture included
        }
        if (s.state.check) {
            return Kind.CHECK;
        }
        String facts = s.factsOfLastMove();
        boolean capture = facts.contains("captured ") || facts.contains("battle ");
        return capture ? Kind.CAPTURE : Kind.MOVE;
    }

    /** Plays a sound when its setting is on. */
    void play(Kind kind, Settings settings) {
        if (!settings.soundOn(kind)) {
            return;
        }
        played.add(kind);
        try {
            AudioTrack t = tracks.get(kind);
            if (t == null) {
                t = track(samples(kind), false);
                tracks.put(kind, t);
            }
            t.stop();
            t.reloadStaticData();
            t.play();
        } catch (RuntimeException noAudio) {
            tracks.remove(kind); // no audio device: play silently
        }
    }

    /** Starts or stops the background music as the setting says. */
    void music(boolean on) {
        musicOn = on;
        try {
            if (on) {
                if (music == null) {
                    music = track(musicLoop(), true);
                }
                music.play();
            } else if (music != null) {
                music.pause();
            }
        } catch (RuntimeException noAudio) {
            music = null; // no audio device: no music
        }
    }

    /** Whether the music was asked to play (and is, where the device has audio). */
    boolean musicOn() {
        return musicOn;
    }

    List<Kind> played() {
        return Collections.unmodifiableList(played);
    }

    void release() {
        for (AudioTrack t : tracks.values()) {
            t.release();
        }
        tracks.clear();
        if (music != null) {
            music.release();
            music = null;
        }
    }

    private static AudioTrack track(short[] pcm, boolean loop) {
        AudioTrack t = new AudioTrack.Builder()
                .setAudioAttributes(new AudioAttributes.Builder().setUsage(AudioAttributes.USAGE_GAME)
                        .setContentType(loop ? AudioAttributes.CONTENT_TYPE_MUSIC
                                : AudioAttributes.CONTENT_TYPE_SONIFICATION).build())
                .setAudioFormat(new AudioFormat.Builder().setEncoding(AudioFormat.ENCODING_PCM_16BIT)
                        .setSampleRate(RATE).setChannelMask(AudioFormat.CHANNEL_OUT_MONO).build())
                .setTransferMode(AudioTrack.MODE_STATIC).setBufferSizeInBytes(pcm.length * 2).build();
        t.write(pcm, 0, pcm.length);
        if (loop) {
            t.setLoopPoints(0, pcm.length, -1);
            t.setVolume(0.35f);
        }
        return t;
    }

    // Synthesis. Every sound is built from decaying noise and sine partials.

    /** The samples of one effect. */
    static short[] samples(Kind kind) {
        switch (kind) {
            case CAPTURE:
                return mix(knock(0, 0.07, 0.9, 0.55), knock(0.05, 0.06, 0.7, 0.5));
            case CHECK:
                return mix(tone(0, 0.09, 880, 0.45), tone(0.1, 0.12, 1175, 0.45));
            case CARD:
                return swish(0.16);
            case GAME_END:
                return mix(tone(0, 0.18, 523.25, 0.35), tone(0.1, 0.18, 659.25, 0.35), tone(0.2, 0.18, 783.99, 0.35),
                        tone(0.3, 0.35, 1046.5, 0.35));
            default:
                return knock(0, 0.05, 0.35, 0.45);
        }
    }

    /** A wooden knock: a low partial and a burst of filtered noise, both dying fast. */
    private static short[] knock(double at, double length, double brightness, double volume) {
        int start = (int) (at * RATE);
        int n = start + (int) (length * RATE);
        short[] out = new short[n];
        Random r = new Random(7); // the same sound every time
        double lp = 0;
        for (int i = start; i < n; i++) {
            double t = (i - start) / (double) RATE;
            double env = Math.exp(-t / (length / 5));
            lp += brightness * (r.nextDouble() * 2 - 1 - lp);
            double v = 0.6 * lp + 0.4 * Math.sin(2 * Math.PI * 190 * t);
            out[i] = clip(v * env * volume);
        }
        return out;
    }

    /** A soft sine note with a short attack and a decay. */
    private static short[] tone(double at, double length, double hz, double volume) {
        int start = (int) (at * RATE);
        int n = start + (int) (length * RATE);
        short[] out = new short[n];
        for (int i = start; i < n; i++) {
            double t = (i - start) / (double) RATE;
            double env = Math.min(1, t / 0.008) * Math.exp(-t / (length / 3));
            double v = Math.sin(2 * Math.PI * hz * t) + 0.25 * Math.sin(4 * Math.PI * hz * t);
            out[i] = clip(v / 1.25 * env * volume);
        }
        return out;
    }

    /** A card slid across the table: noise swelling and fading, brighter as it goes. */
    private static short[] swish(double length) {
        int n = (int) (length * RATE);
        short[] out = new short[n];
        Random r = new Random(11);
        double lp = 0;
        for (int i = 0; i < n; i++) {
            double k = i / (double) n;
            double env = Math.sin(Math.PI * k);
            lp += (0.08 + 0.5 * k) * (r.nextDouble() * 2 - 1 - lp);
            out[i] = clip(lp * env * 0.9);
        }
        return out;
    }

    /** About sixteen seconds of arpeggiated chords (A minor, F, C, G), made to loop without a seam. */
    static short[] musicLoop() {
        double[][] chords = {{220.0, 261.63, 329.63}, {174.61, 220.0, 261.63}, {130.81, 196.0, 261.63},
            {196.0, 246.94, 293.66}};
        double noteLength = 0.5;
        int notesPerChord = 8;
        int n = (int) (chords.length * notesPerChord * noteLength * RATE);
        double[] acc = new double[n];
        for (int c = 0; c < chords.length; c++) {
            for (int k = 0; k < notesPerChord; k++) {
                double hz = chords[c][k % 3] * (k >= 3 && k < 6 ? 2 : 1);
                int start = (int) ((c * notesPerChord + k) * noteLength * RATE);
                int len = (int) (noteLength * 2.5 * RATE);
                for (int i = 0; i < len; i++) {
                    double t = i / (double) RATE;
                    double env = Math.min(1, t / 0.02) * Math.exp(-t / 0.5);
                    // Wrapped around, so the last notes ring into the loop's start.
                    acc[(start + i) % n] += env * (Math.sin(2 * Math.PI * hz * t)
                            + 0.3 * Math.sin(4 * Math.PI * hz * t)) * 0.18;
                }
            }
        }
        short[] out = new short[n];
        for (int i = 0; i < n; i++) {
            out[i] = clip(acc[i]);
        }
        return out;
    }

    /** Sums sounds that start at different times into one. */
    private static short[] mix(short[]... parts) {
        int n = 0;
        for (short[] p : parts) {
            n = Math.max(n, p.length);
        }
        short[] out = new short[n];
        for (short[] p : parts) {
            for (int i = 0; i < p.length; i++) {
                out[i] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, out[i] + p[i]));
            }
        }
        return out;
    }

    private static short clip(double v) {
        return (short) Math.round(Math.max(-1, Math.min(1, v)) * 32767 * 0.9);
    }
}
