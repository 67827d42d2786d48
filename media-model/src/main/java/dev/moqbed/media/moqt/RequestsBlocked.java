package dev.moqbed.media.moqt;

/** REQUESTS_BLOCKED: the sender wants to issue a request but has reached the peer's maximum. */
public record RequestsBlocked(long maximumRequestId) implements ControlMessage {}
