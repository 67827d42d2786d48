package dev.moqbed.media.moqt;

/** UNSUBSCRIBE: the subscriber no longer wants the subscription with this request id. */
public record Unsubscribe(long requestId) implements ControlMessage {}
