package dev.moqbed.media.moqt;

/**
 * MAX_REQUEST_ID: raises the Maximum Request ID the peer may use. The value is the new maximum plus
 * one, so a peer may send requests with ids strictly below it.
 */
public record MaxRequestId(long requestId) implements ControlMessage {}
