package org.tempest.app.engine;

/** The engine did not answer in time. */
public final class EngineTimeoutException extends EngineException {
    private static final long serialVersionUID = 1L;

    public EngineTimeoutException(String message) {
        super(message);
    }
}
