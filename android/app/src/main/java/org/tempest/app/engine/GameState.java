package org.tempest.app.engine;

import java.util.List;

/** The engine's "state" reply: who is to move, check, the result and the position. */
public final class GameState {
    public final String variant;
    public final String toMove;
    public final boolean check;
    public final boolean over;
    public final String result;
    public final String reason;
    public final String position;

    public GameState(String variant, String toMove, boolean check, boolean over, String result, String reason,
            String position) {
        this.variant = variant;
        this.toMove = toMove;
        this.check = check;
        this.over = over;
        this.result = result;
        this.reason = reason;
        this.position = position;
    }

    /** Reads the two "state" lines out of a reply. */
    static GameState parse(List<String> reply) throws EngineException {
        String head = null;
        String position = null;
        for (String line : reply) {
            if (line.startsWith("state position ")) {
                position = line.substring("state position ".length());
            } else if (line.startsWith("state variant ")) {
                head = line;
            }
        }
        if (head == null || position == null) {
            throw new EngineException("the engine's reply has no state");
        }
        String[] f = head.trim().split("\\s+");
        String variant = "", toMove = "", result = "*", reason = "none";
        boolean check = false, over = false;
        for (int i = 1; i + 1 < f.length; i += 2) {
            String v = f[i + 1];
            if (f[i].equals("variant")) {
                variant = v;
            } else if (f[i].equals("tomove")) {
                toMove = v;
            } else if (f[i].equals("check")) {
                check = v.equals("true");
            } else if (f[i].equals("over")) {
                over = v.equals("true");
            } else if (f[i].equals("result")) {
                result = v;
            } else if (f[i].equals("reason")) {
                // The reason runs to the end of the line ("threefold repetition").
                StringBuilder b = new StringBuilder(v);
                for (int j = i + 2; j < f.length; j++) {
                    b.append(' ').append(f[j]);
                }
                reason = b.toString();
                break;
            }
        }
        return new GameState(variant, toMove, check, over, result, reason, position);
    }
}
