package org.tempest.app.engine;

/** What "play" answered: the token, its facts ("san Nf3; captured e5") and the new state. */
public final class PlayResult {
    public final String token;
    public final String facts;
    public final GameState state;

    public PlayResult(String token, String facts, GameState state) {
        this.token = token;
        this.facts = facts;
        this.state = state;
    }
}
