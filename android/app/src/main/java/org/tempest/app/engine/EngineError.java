package org.tempest.app.engine;

/** The engine answered a command with "info string error: ..." (bad input); the game is unchanged. */
public final class EngineError extends EngineException {
    private static final long serialVersionUID = 1L;

    public EngineError(String message) {
        super(message);
    }
}
