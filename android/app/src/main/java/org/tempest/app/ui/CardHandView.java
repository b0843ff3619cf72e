package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.graphics.RectF;
import android.util.AttributeSet;
import android.view.MotionEvent;
import android.view.View;
import android.view.ViewConfiguration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A hand of action cards: face up with code and name for the player's own
 * hand, face down for the opponent's. Cards that can be played now are
 * outlined; the chosen one is lifted. A tap chooses a card, a long press
 * asks for its rule (a face-down card's code is "?").
 */
public final class CardHandView extends View {
    /** Hears taps on cards. */
    public interface CardListener {
        void onCard(String code);

        /** A long press: the player wants to read the card. */
        void onCardHelp(String code);
    }

    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint text = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final RectF box = new RectF();
    private List<String> cards = Collections.emptyList();
    private boolean faceDown;
    private Set<String> playable = Collections.emptySet();
    private String chosen = "";
    private CardListener listener;
    private int pressed = -1;
    private boolean longPressDone;
    private final Runnable longPress = new Runnable() {
        @Override
        public void run() {
            if (pressed >= 0 && pressed < cards.size() && listener != null) {
                longPressDone = true;
                listener.onCardHelp(faceDown ? "?" : cards.get(pressed));
            }
        }
    };

    public CardHandView(Context context) {
        super(context);
        text.setTextAlign(Paint.Align.CENTER);
    }

    public CardHandView(Context context, AttributeSet attrs) {
        super(context, attrs);
        text.setTextAlign(Paint.Align.CENTER);
    }

    public void setListener(CardListener l) {
        listener = l;
    }

    public void setCards(List<String> codes, boolean down) {
        cards = new ArrayList<String>(codes);
        faceDown = down;
        setContentDescription(down ? "opponent hand: " + codes.size() + " cards" : "hand: " + codes);
        invalidate();
    }

    public List<String> cards() {
        return Collections.unmodifiableList(cards);
    }

    public boolean faceDown() {
        return faceDown;
    }

    public void setPlayable(Set<String> codes, String chosenCode) {
        playable = new HashSet<String>(codes);
        chosen = chosenCode == null ? "" : chosenCode;
        invalidate();
    }

    /** The centre of the i-th card (tests tap there). */
    public float[] centerOf(int i) {
        float w = slot();
        return new float[] {w * i + w / 2, getHeight() / 2f};
    }

    private float slot() {
        return getWidth() / (float) Math.max(3, cards.size());
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        int w = MeasureSpec.getSize(widthSpec);
        int h = (int) (w / 3 * 0.62f);
        if (MeasureSpec.getMode(heightSpec) != MeasureSpec.UNSPECIFIED) {
            h = Math.min(h, MeasureSpec.getSize(heightSpec));
        }
        setMeasuredDimension(w, h);
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float w = slot();
        float h = getHeight();
        for (int i = 0; i < cards.size(); i++) {
            String code = cards.get(i);
            float lift = code.equals(chosen) ? h * 0.08f : 0;
            box.set(w * i + w * 0.05f, h * 0.1f - lift, w * (i + 1) - w * 0.05f, h * 0.95f - lift);
            paint.setStyle(Paint.Style.FILL);
            if (faceDown || code.equals("?")) {
                paint.setColor(0xFF283C78);
                canvas.drawRoundRect(box, h * 0.08f, h * 0.08f, paint);
                paint.setStyle(Paint.Style.STROKE);
                paint.setStrokeWidth(h * 0.03f);
                paint.setColor(0xFFC8B060);
                box.inset(h * 0.08f, h * 0.08f);
                canvas.drawRoundRect(box, h * 0.05f, h * 0.05f, paint);
                continue;
            }
            paint.setColor(code.equals(chosen) ? 0xFFFFF1C0 : 0xFFFAF6EC);
            canvas.drawRoundRect(box, h * 0.08f, h * 0.08f, paint);
            paint.setStyle(Paint.Style.STROKE);
            boolean canPlay = playable.contains(code);
            paint.setStrokeWidth(canPlay ? h * 0.045f : h * 0.015f);
            paint.setColor(canPlay ? 0xFF2E8B3A : 0xFF808080);
            canvas.drawRoundRect(box, h * 0.08f, h * 0.08f, paint);
            text.setColor(canPlay ? 0xFF202020 : 0xFF909090);
            text.setTextSize(h * 0.3f);
            text.setFakeBoldText(true);
            canvas.drawText(code, box.centerX(), box.top + h * 0.4f, text);
            text.setFakeBoldText(false);
            text.setTextSize(h * 0.12f);
            canvas.drawText(Cards.name(code), box.centerX(), box.top + h * 0.65f, text);
        }
    }

    @Override
    public boolean onTouchEvent(MotionEvent e) {
        int i = (int) (e.getX() / slot());
        switch (e.getAction()) {
            case MotionEvent.ACTION_DOWN:
                pressed = i >= 0 && i < cards.size() ? i : -1;
                longPressDone = false;
                removeCallbacks(longPress);
                if (pressed >= 0) {
                    postDelayed(longPress, ViewConfiguration.getLongPressTimeout());
                }
                return true;
            case MotionEvent.ACTION_MOVE:
                if (i != pressed) {
                    removeCallbacks(longPress);
                    pressed = -1;
                }
                return true;
            case MotionEvent.ACTION_UP:
                removeCallbacks(longPress);
                if (!longPressDone && i == pressed && pressed >= 0 && listener != null) {
                    if (faceDown) {
                        listener.onCardHelp("?");
                    } else {
                        listener.onCard(cards.get(i));
                    }
                }
                pressed = -1;
                performClick();
                return true;
            default:
                removeCallbacks(longPress);
                pressed = -1;
                return true;
        }
    }

    @Override
    public boolean performClick() {
        return super.performClick();
    }
}
