package org.tempest.app.ui;

import android.content.res.Resources;
import android.graphics.Bitmap;
import android.graphics.Shader;
import android.graphics.drawable.BitmapDrawable;
import java.util.Random;

/**
 * The images the app paints with, made by the app itself (no image files):
 * wood for the board's squares and a woven pattern for the game screen's
 * background.
 */
final class BoardTextures {
    static final int WOOD_SIZE = 128;

    private BoardTextures() {
    }

    /**
     * A square of wood in the given base colour: rings that wander with a
     * little noise, darker and lighter along the grain. The same seed gives
     * the same wood.
     */
    static Bitmap wood(int base, long seed) {
        int n = WOOD_SIZE;
        int[] px = new int[n * n];
        Random r = new Random(seed);
        double[] wobble = new double[n];
        for (int y = 0; y < n; y++) {
            wobble[y] = (y == 0 ? 0 : wobble[y - 1]) + (r.nextDouble() - 0.5) * 0.6;
        }
        double phase = r.nextDouble() * Math.PI * 2;
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                double ring = Math.sin((x + wobble[y] * 3) * 0.22 + Math.sin(y * 0.05 + phase) * 2);
                double fine = (r.nextDouble() - 0.5) * 0.05;
                double k = 0.90 + 0.08 * ring + fine;
                px[y * n + x] = scale(base, k);
            }
        }
        return Bitmap.createBitmap(px, n, n, Bitmap.Config.ARGB_8888);
    }

    /** The screen's background: a faint woven pattern over the theme's colour, tiled. */
    static BitmapDrawable background(Resources res, int base) {
        int n = 24;
        int[] px = new int[n * n];
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                boolean thread = (x / 6 + y / 6) % 2 == 0 ? x % 6 == 0 : y % 6 == 0;
                px[y * n + x] = scale(base, thread ? 0.94 : 1.0);
            }
        }
        BitmapDrawable d = new BitmapDrawable(res, Bitmap.createBitmap(px, n, n, Bitmap.Config.ARGB_8888));
        d.setTileModeXY(Shader.TileMode.REPEAT, Shader.TileMode.REPEAT);
        return d;
    }

    /** The colour made lighter (k above 1) or darker, opaque. */
    static int scale(int color, double k) {
        int r = clamp((int) (((color >> 16) & 0xFF) * k));
        int g = clamp((int) (((color >> 8) & 0xFF) * k));
        int b = clamp((int) ((color & 0xFF) * k));
        return 0xFF000000 | r << 16 | g << 8 | b;
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }
}
