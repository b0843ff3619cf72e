package org.tempest.app.engine;

/** The engine failed: it stopped, did not answer in time, or rejected a command. */
public class EngineException extends Exception {
    private static final long serialVersionUID = 1L;

    public EngineException(String message) {
        super(message);
    }
}
