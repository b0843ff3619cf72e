package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.graphics.Path;
import android.util.AttributeSet;
import android.view.MotionEvent;
import android.view.View;
import android.view.ViewConfiguration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tempest.app.game.BoardModel;

/**
 * The board: squares in the chosen theme, the pieces, and the marks a player
 * needs — last move, selected squares, legal targets, check, a hint arrow, and
 * in card chess forbidden squares, Champions and shields. It keeps itself
 * square and as large as its space allows, so it fills the screen in any
 * orientation.
 */
public final class BoardView extends View {
    /** Hears taps on squares. */
    public interface SquareListener {
        void onSquare(String square);
    }

    /** Hears a piece dragged from one square to another (the Stratego setup screen). */
    public interface DragListener {
        void onDrag(String from, String to);
    }

    /** Hears a long press on a square (card chess explains the card whose mark is there). */
    public interface LongPressListener {
        void onLongPress(String square);
    }

    /** Colours of the marks; tests read them back from the rendered bitmap. */
    static final int LAST_MOVE = 0x80F5D742;
    static final int SELECTED = 0x8850A0F0;
    static final int CHECK = 0xD0E02020;
    static final int TARGET = 0x90206020;
    static final int ARROW = 0xC02E8B57;
    /** The arrows of an analysis line after its first move: the reply, then the move after it, fainter each. */
    static final int[] LINE_ARROWS = {0x9C3A6EA5, 0x702E8B57};

    private final PieceDrawer pieces = new PieceDrawer();
    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint text = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Path path = new Path();
    private BoardModel model;
    /** How the model's game is drawn (the screens' table). */
    private GameUi ui = GameUi.of("");
    /**
     * Quarter turns of the board: 0 rank 1 at the bottom (White, Red,
     * Volcandria), 2 turned round (Black, Yellow, Everwinter), 1 the a-file at
     * the bottom (Blue's seat), 3 the h-file at the bottom (Green's seat).
     * Quarter turns are used on square boards only.
     */
    private int turns;
    private int light = 0xFFF0D9B5;
    private int dark = 0xFFB58863;
    /** Wood images for the light and dark squares, or null for flat colours. */
    private android.graphics.Bitmap lightWood;
    private android.graphics.Bitmap darkWood;
    private final android.graphics.Rect woodPart = new android.graphics.Rect();
    private final android.graphics.RectF squareBox = new android.graphics.RectF();
    private Set<String> lastMove = Collections.emptySet();
    private Set<String> selected = Collections.emptySet();
    private Set<String> targets = Collections.emptySet();
    private String checkSquare;
    /** Arrows through squares, drawn in order: a hint's one, or an analysis line's first moves. */
    private List<List<String>> arrows = Collections.emptyList();
    private SquareListener listener;
    private DragListener dragListener;
    private LongPressListener longPressListener;
    private String downSquare;
    private boolean longPressDone;
    /** A piece being dragged: its square, and where the finger is (view coordinates). */
    private String dragFrom;
    private float dragX;
    private float dragY;
    /** Whether dragging a piece shows it under the finger (the game screen; the setup screen swaps instead). */
    private boolean dragPieces;
    /** Whether the files and ranks are written on the edge squares (not on a chart that is no board). */
    private boolean coordinates = true;
    /** A move being animated: the piece slides from animFrom to animTo. */
    private String animFrom;
    private String animTo;
    private long animStart;
    static final long ANIMATION_MS = 180;
    private final Runnable longPress = new Runnable() {
        @Override
        public void run() {
            if (downSquare != null && longPressListener != null) {
                longPressDone = true;
                longPressListener.onLongPress(downSquare);
            }
        }
    };

    public BoardView(Context context) {
        super(context);
        init();
    }

    public BoardView(Context context, AttributeSet attrs) {
        super(context, attrs);
        init();
    }

    private void init() {
        text.setTextAlign(Paint.Align.CENTER);
        setContentDescription("board");
    }

    public void setListener(SquareListener l) {
        listener = l;
    }

    public void setDragListener(DragListener l) {
        dragListener = l;
    }

    public void setLongPressListener(LongPressListener l) {
        longPressListener = l;
    }

    /** Whether a dragged piece follows the finger (a drag is then a move from square to square). */
    public void setDragPieces(boolean on) {
        dragPieces = on;
    }

    /** The square of the piece being dragged, or null. */
    public String dragging() {
        return dragFrom;
    }

    /**
     * Slides the piece now on to from the square from, over a short time (a
     * move just made). A square without a piece, or the same square, is ignored.
     */
    public void animateMove(String from, String to) {
        if (model == null || from == null || to == null || from.equals(to)) {
            return;
        }
        int[] t = model.square(to);
        if (t == null || model.piece(t[0], t[1]) == 0) {
            return;
        }
        animFrom = from;
        animTo = to;
        animStart = android.os.SystemClock.uptimeMillis();
        invalidate();
    }

    /** Whether a move is being animated. */
    public boolean animating() {
        return animTo != null && android.os.SystemClock.uptimeMillis() - animStart < ANIMATION_MS;
    }

    /** Writes the files and ranks on the edge squares, or leaves them out. */
    public void setCoordinates(boolean on) {
        coordinates = on;
        invalidate();
    }

    public void setColors(int lightSquare, int darkSquare) {
        light = lightSquare;
        dark = darkSquare;
        lightWood = null;
        darkWood = null;
        invalidate();
    }

    /** Paints chess and card-chess squares with wood images made from the square colours. */
    public void setWood(boolean on) {
        lightWood = on ? BoardTextures.wood(light, 1) : null;
        darkWood = on ? BoardTextures.wood(dark, 2) : null;
        invalidate();
    }

    /** The piece set, an index of PieceDrawer.SETS. */
    public void setPieceSet(int set) {
        pieces.setSet(set);
        invalidate();
    }

    public void setModel(BoardModel m) {
        model = m;
        ui = GameUi.of(m == null ? "" : m.variant);
        invalidate();
    }

    /** How the board is drawn now (tests check it). */
    GameUi.Look look() {
        return ui.look;
    }

    public BoardModel model() {
        return model;
    }

    public void setFlipped(boolean f) {
        turns = f ? 2 : 0;
        invalidate();
    }

    public boolean flipped() {
        return turns == 2;
    }

    /** Turns the board by quarter turns (odd ones only when it is square). */
    public void setTurns(int quarterTurns) {
        int t = ((quarterTurns % 4) + 4) % 4;
        turns = t % 2 == 1 && files() != ranks() ? t - 1 : t;
        invalidate();
    }

    public int turns() {
        return turns;
    }

    /** File and rank shown at a column and row of the view (row 0 at the top). */
    private int[] squareOf(int col, int row) {
        int f = files() - 1;
        int r = ranks() - 1;
        switch (turns) {
            case 1:
                return new int[] {f - row, r - col};
            case 2:
                return new int[] {f - col, row};
            case 3:
                return new int[] {row, col};
            default:
                return new int[] {col, r - row};
        }
    }

    /** Column and row of the view where a square is shown. */
    private int[] viewOf(int file, int rank) {
        int f = files() - 1;
        int r = ranks() - 1;
        switch (turns) {
            case 1:
                return new int[] {r - rank, f - file};
            case 2:
                return new int[] {f - file, rank};
            case 3:
                return new int[] {rank, file};
            default:
                return new int[] {file, r - rank};
        }
    }

    /** Marks: the last move's squares, the squares picked so far, the legal next squares, a king in check. */
    public void setMarks(Set<String> last, Set<String> picked, Set<String> next, String check) {
        lastMove = new HashSet<String>(last);
        selected = new HashSet<String>(picked);
        targets = new HashSet<String>(next);
        checkSquare = check;
        invalidate();
    }

    /**
     * An arrow through these squares in order (a hint: "g1", "f3"; a Crusade
     * has three); one square gets a ring; none clears it.
     */
    public void setArrow(List<String> squares) {
        setArrows(squares.isEmpty() ? Collections.<List<String>>emptyList() : Collections.singletonList(squares));
    }

    /**
     * An analysis line's first moves, each an arrow through its squares: the
     * first in the hint's green, the next ones fainter (LINE_ARROWS).
     */
    public void setArrows(List<List<String>> lines) {
        List<List<String>> out = new ArrayList<List<String>>();
        for (List<String> squares : lines) {
            if (!squares.isEmpty()) {
                out.add(new ArrayList<String>(squares));
            }
        }
        arrows = out;
        invalidate();
    }

    /** The first arrow's squares (the hint's), or none. */
    public List<String> arrow() {
        return arrows.isEmpty() ? Collections.<String>emptyList() : Collections.unmodifiableList(arrows.get(0));
    }

    /** Every arrow's squares, in the order they are drawn. */
    public List<List<String>> arrows() {
        return Collections.unmodifiableList(arrows);
    }

    public Set<String> targets() {
        return Collections.unmodifiableSet(targets);
    }

    public Set<String> selected() {
        return Collections.unmodifiableSet(selected);
    }

    public String checkSquare() {
        return checkSquare;
    }

    private int files() {
        return model == null ? 8 : model.files;
    }

    private int ranks() {
        return model == null ? 8 : model.ranks;
    }

    private float cell() {
        return Math.min(getWidth() / (float) files(), getHeight() / (float) ranks());
    }

    /** The centre of a square in view coordinates (tests tap there). */
    public float[] centerOf(String square) {
        int[] fr = model.square(square);
        float c = cell();
        int[] v = viewOf(fr[0], fr[1]);
        return new float[] {(v[0] + 0.5f) * c, (v[1] + 0.5f) * c};
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        int w = MeasureSpec.getSize(widthSpec);
        int h = MeasureSpec.getSize(heightSpec);
        if (MeasureSpec.getMode(widthSpec) == MeasureSpec.UNSPECIFIED) {
            w = h;
        }
        if (MeasureSpec.getMode(heightSpec) == MeasureSpec.UNSPECIFIED) {
            h = w;
        }
        int c = Math.min(w / files(), h / ranks());
        setMeasuredDimension(c * files(), c * ranks());
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float c = cell();
        text.setTextSize(c * 0.18f);
        for (int row = 0; row < ranks(); row++) {
            for (int col = 0; col < files(); col++) {
                int[] fr = squareOf(col, row);
                int file = fr[0];
                int rank = fr[1];
                String sq = BoardModel.squareName(file, rank);
                float x = col * c;
                float y = row * c;
                paint.setStyle(Paint.Style.FILL);
                paint.setColor(squareColor(file, rank));
                canvas.drawRect(x, y, x + c, y + c, paint);
                drawWood(canvas, file, rank, x, y, c);
                drawTerrain(canvas, file, rank, x, y, c);
                // Marks are filled: drawTerrain leaves the paint stroking, and hairlines were invisible.
                paint.setStyle(Paint.Style.FILL);
                if (lastMove.contains(sq)) {
                    paint.setColor(LAST_MOVE);
                    canvas.drawRect(x, y, x + c, y + c, paint);
                }
                if (selected.contains(sq)) {
                    paint.setColor(SELECTED);
                    canvas.drawRect(x, y, x + c, y + c, paint);
                }
                if (sq.equals(checkSquare)) {
                    paint.setColor(CHECK);
                    canvas.drawCircle(x + c / 2, y + c / 2, c * 0.48f, paint);
                }
                drawMarkers(canvas, sq, x, y, c);
                // The dragged piece and the one sliding in are drawn at the end, over the board.
                boolean moving = sq.equals(dragFrom) || animating() && sq.equals(animTo);
                if (model != null && model.piece(file, rank) != 0 && !moving) {
                    drawPiece(canvas, file, rank, x, y, c);
                }
                if (targets.contains(sq)) {
                    paint.setStyle(Paint.Style.FILL);
                    paint.setColor(TARGET);
                    boolean occupied = model != null && model.piece(file, rank) != 0;
                    if (occupied) {
                        paint.setStyle(Paint.Style.STROKE);
                        paint.setStrokeWidth(c * 0.07f);
                        canvas.drawCircle(x + c / 2, y + c / 2, c * 0.44f, paint);
                    } else {
                        canvas.drawCircle(x + c / 2, y + c / 2, c * 0.16f, paint);
                    }
                }
                text.setColor(labelColor(file, rank));
                String rankLabel = Integer.toString(rank + 1);
                String fileLabel = String.valueOf((char) ('a' + file));
                if (col == 0 && coordinates) {
                    canvas.drawText(turns % 2 == 0 ? rankLabel : fileLabel, x + c * 0.1f, y + c * 0.2f, text);
                }
                if (row == ranks() - 1 && coordinates) {
                    canvas.drawText(turns % 2 == 0 ? fileLabel : rankLabel, x + c * 0.9f, y + c * 0.95f, text);
                }
            }
        }
        drawMovingPieces(canvas, c);
        drawArrows(canvas, c);
    }

    /** The piece under the finger, and the piece of a move on its way to its square. */
    private void drawMovingPieces(Canvas canvas, float c) {
        if (model == null) {
            return;
        }
        if (animTo != null) {
            long t = android.os.SystemClock.uptimeMillis() - animStart;
            if (t < ANIMATION_MS) {
                float k = t / (float) ANIMATION_MS;
                k = k * (2 - k); // eases out
                float[] a = centerOf(animFrom);
                float[] b = centerOf(animTo);
                int[] fr = model.square(animTo);
                drawPiece(canvas, fr[0], fr[1], a[0] + (b[0] - a[0]) * k - c / 2, a[1] + (b[1] - a[1]) * k - c / 2, c);
                postInvalidateOnAnimation();
            } else {
                animTo = null;
                animFrom = null;
            }
        }
        if (dragFrom != null) {
            int[] fr = model.square(dragFrom);
            if (fr != null && model.piece(fr[0], fr[1]) != 0) {
                // Lifted a little above the finger, so the finger does not hide it.
                drawPiece(canvas, fr[0], fr[1], dragX - c / 2, dragY - c * 0.8f, c);
            }
        }
    }

    /** The arrows, the later ones first so the first (the move to play) lies on top. */
    private void drawArrows(Canvas canvas, float c) {
        if (model == null) {
            return;
        }
        for (int i = arrows.size() - 1; i >= 0; i--) {
            int color = i == 0 ? ARROW : LINE_ARROWS[Math.min(i, LINE_ARROWS.length) - 1];
            drawArrow(canvas, c, arrows.get(i), color);
        }
    }

    /** A thick arrow over the pieces from square to square, or a ring on a lone square. */
    private void drawArrow(Canvas canvas, float c, List<String> arrow, int color) {
        paint.setColor(color);
        if (arrow.size() == 1) {
            float[] p = centerOf(arrow.get(0));
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(c * 0.12f);
            canvas.drawCircle(p[0], p[1], c * 0.4f, paint);
            return;
        }
        float shaft = c * 0.16f;
        for (int i = 0; i + 1 < arrow.size(); i++) {
            float[] a = centerOf(arrow.get(i));
            float[] b = centerOf(arrow.get(i + 1));
            double len = Math.hypot(b[0] - a[0], b[1] - a[1]);
            if (len < 1) {
                continue;
            }
            float ux = (float) ((b[0] - a[0]) / len);
            float uy = (float) ((b[1] - a[1]) / len);
            boolean last = i + 2 == arrow.size();
            float head = last ? c * 0.42f : 0;
            // The shaft as a filled quadrilateral: overlapping translucent strokes would darken.
            float ex = b[0] - ux * head;
            float ey = b[1] - uy * head;
            path.reset();
            path.moveTo(a[0] - uy * shaft / 2, a[1] + ux * shaft / 2);
            path.lineTo(ex - uy * shaft / 2, ey + ux * shaft / 2);
            if (last) {
                path.lineTo(ex - uy * c * 0.22f, ey + ux * c * 0.22f);
                path.lineTo(b[0], b[1]);
                path.lineTo(ex + uy * c * 0.22f, ey - ux * c * 0.22f);
            }
            path.lineTo(ex + uy * shaft / 2, ey - ux * shaft / 2);
            path.lineTo(a[0] + uy * shaft / 2, a[1] - ux * shaft / 2);
            path.close();
            paint.setStyle(Paint.Style.FILL);
            canvas.drawPath(path, paint);
        }
    }

    /** A wood square: a part of the wood image chosen by the square, so neighbours differ. */
    private void drawWood(Canvas canvas, int file, int rank, float x, float y, float c) {
        if (lightWood == null || ui.look != GameUi.Look.PIECES) {
            return;
        }
        android.graphics.Bitmap wood = (file + rank) % 2 == 0 ? darkWood : lightWood;
        int half = BoardTextures.WOOD_SIZE / 2;
        int ox = (file * 37 + rank * 11) % half;
        int oy = (rank * 29 + file * 7) % half;
        woodPart.set(ox, oy, ox + half, oy + half);
        squareBox.set(x, y, x + c, y + c);
        canvas.drawBitmap(wood, woodPart, squareBox, null);
    }

    /** Chameleon Chess field colours, pale enough for the pawns on them. */
    static int fieldColor(char field) {
        switch (field) {
            case 'R':
                return 0xFFEBA3A3;
            case 'G':
                return 0xFFA9D9A2;
            case 'Y':
                return 0xFFF2E3A0;
            case 'B':
                return 0xFFA3C2EB;
            default:
                return 0xFFCCCCCC;
        }
    }

    /** A player's colour: Chameleon Chess owners, Stratego armies. */
    static int playerColor(char player) {
        switch (player) {
            case 'r':
                return 0xFFD32F2F;
            case 'g':
                return 0xFF2E7D32;
            case 'y':
                return 0xFFF9C825;
            case 'b':
                return 0xFF1565C0;
            case 'v':
                return 0xFFC0392B;
            case 'e':
                return 0xFF2A7AB8;
            default:
                return 0xFF808080;
        }
    }

    private int squareColor(int file, int rank) {
        if (model != null && ui.look == GameUi.Look.FIELDS) {
            return model.inBounds(file, rank) ? fieldColor(model.field(file, rank)) : 0xFF7A7A7A;
        }
        if (model != null && ui.look == GameUi.Look.TILES) {
            if (ui.lakes.contains(BoardModel.squareName(file, rank))) {
                return 0xFF3F7FBF;
            }
            return (file + rank) % 2 == 0 ? 0xFF8DBE6A : 0xFF9ACB76;
        }
        return (file + rank) % 2 == 0 ? dark : light;
    }

    private int labelColor(int file, int rank) {
        if (model != null && ui.look != GameUi.Look.PIECES) {
            return 0xFF303030;
        }
        return (file + rank) % 2 == 0 ? light : dark;
    }

    /** Squares gone from a shrunk Chameleon board are hatched; Stratego lakes get waves. */
    private void drawTerrain(Canvas canvas, int file, int rank, float x, float y, float c) {
        if (model == null) {
            return;
        }
        paint.setStyle(Paint.Style.STROKE);
        if (ui.look == GameUi.Look.FIELDS && !model.inBounds(file, rank)) {
            // The field colour stays faintly visible under the grey.
            paint.setStrokeWidth(c * 0.05f);
            paint.setColor(fieldColor(model.field(file, rank)) & 0x60FFFFFF);
            for (int i = 1; i < 4; i++) {
                canvas.drawLine(x, y + c * i / 4f, x + c * i / 4f, y, paint);
                canvas.drawLine(x + c * i / 4f, y + c, x + c, y + c * i / 4f, paint);
            }
            canvas.drawLine(x, y + c, x + c, y, paint);
        } else if (ui.lakes.contains(BoardModel.squareName(file, rank))) {
            paint.setStrokeWidth(c * 0.04f);
            paint.setColor(0xA0FFFFFF);
            for (int i = 1; i < 4; i++) {
                float yy = y + c * i / 4f;
                canvas.drawLine(x + c * 0.2f, yy, x + c * 0.45f, yy - c * 0.05f, paint);
                canvas.drawLine(x + c * 0.45f, yy - c * 0.05f, x + c * 0.8f, yy, paint);
            }
        }
    }

    private void drawPiece(Canvas canvas, int file, int rank, float x, float y, float c) {
        char p = model.piece(file, rank);
        if (ui.look == GameUi.Look.FIELDS) {
            char role = model.role(file, rank);
            pieces.draw(canvas, role == 0 ? 'p' : role, playerColor(p), 0xFF202020, x, y, c);
            // The knight colour: the field colour on which this pawn is a knight.
            char k = Character.toUpperCase(model.knightColour(file, rank));
            paint.setStyle(Paint.Style.FILL);
            paint.setColor(fieldColor(k) | 0xFF000000);
            canvas.drawCircle(x + c * 0.82f, y + c * 0.18f, c * 0.12f, paint);
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(c * 0.03f);
            paint.setColor(0xFF202020);
            canvas.drawCircle(x + c * 0.82f, y + c * 0.18f, c * 0.12f, paint);
        } else if (ui.look == GameUi.Look.TILES) {
            StrategoPieces.drawTile(canvas, paint, text, p, model.revealed(file, rank), true, x, y, c);
        } else {
            pieces.draw(canvas, p, x, y, c);
        }
    }

    /** Card chess markers under the pieces. */
    private void drawMarkers(Canvas canvas, String sq, float x, float y, float c) {
        if (model == null) {
            return;
        }
        if (model.forbidden.contains(sq)) {
            paint.setStyle(Paint.Style.FILL);
            paint.setColor(0x60C00000);
            canvas.drawRect(x, y, x + c, y + c, paint);
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(c * 0.06f);
            paint.setColor(0xC0A00000);
            canvas.drawLine(x + c * 0.15f, y + c * 0.15f, x + c * 0.85f, y + c * 0.85f, paint);
            canvas.drawLine(x + c * 0.85f, y + c * 0.15f, x + c * 0.15f, y + c * 0.85f, paint);
        }
        if (model.shields.contains(sq)) {
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(c * 0.08f);
            paint.setColor(0xD02060E0);
            canvas.drawCircle(x + c / 2, y + c / 2, c * 0.45f, paint);
        }
        if (model.champions.contains(sq)) {
            star(canvas, x + c * 0.8f, y + c * 0.2f, c * 0.16f);
        }
    }

    private void star(Canvas canvas, float cx, float cy, float r) {
        path.reset();
        for (int i = 0; i < 10; i++) {
            double a = Math.PI / 2 + i * Math.PI / 5;
            float rr = i % 2 == 0 ? r : r * 0.45f;
            float px = cx + (float) (rr * Math.cos(a));
            float py = cy - (float) (rr * Math.sin(a));
            if (i == 0) {
                path.moveTo(px, py);
            } else {
                path.lineTo(px, py);
            }
        }
        path.close();
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(0xFFE0A800);
        canvas.drawPath(path, paint);
    }

    @Override
    public boolean onTouchEvent(MotionEvent e) {
        String sq = squareAt(e.getX(), e.getY());
        switch (e.getAction()) {
            case MotionEvent.ACTION_DOWN:
                downSquare = sq;
                longPressDone = false;
                removeCallbacks(longPress);
                if (sq != null && longPressListener != null) {
                    postDelayed(longPress, ViewConfiguration.getLongPressTimeout());
                }
                return true;
            case MotionEvent.ACTION_MOVE:
                if (sq == null || !sq.equals(downSquare)) {
                    removeCallbacks(longPress);
                    if (dragPieces && downSquare != null && dragFrom == null && hasPiece(downSquare)) {
                        dragFrom = downSquare;
                    }
                }
                if (dragFrom != null) {
                    dragX = e.getX();
                    dragY = e.getY();
                    invalidate();
                }
                return true;
            case MotionEvent.ACTION_UP:
                break;
            default:
                removeCallbacks(longPress);
                downSquare = null;
                dragFrom = null;
                invalidate();
                return true;
        }
        removeCallbacks(longPress);
        String from = downSquare;
        downSquare = null;
        if (dragFrom != null) {
            dragFrom = null;
            invalidate();
        }
        if (sq == null || longPressDone) {
            return true;
        }
        if (dragListener != null && from != null && !from.equals(sq)) {
            dragListener.onDrag(from, sq);
        } else if (listener != null) {
            listener.onSquare(sq);
        }
        performClick();
        return true;
    }

    private boolean hasPiece(String square) {
        int[] fr = model == null ? null : model.square(square);
        return fr != null && model.piece(fr[0], fr[1]) != 0;
    }

    private String squareAt(float px, float py) {
        float c = cell();
        int col = (int) (px / c);
        int row = (int) (py / c);
        if (px < 0 || py < 0 || col >= files() || row >= ranks()) {
            return null;
        }
        int[] fr = squareOf(col, row);
        return BoardModel.squareName(fr[0], fr[1]);
    }

    @Override
    public boolean performClick() {
        return super.performClick();
    }
}
