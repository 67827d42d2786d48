package dev.moqbed.media.spec;

/**
 * A bulk transfer (quicperf's batch stream): the client sends {@code postBytes}, the server answers
 * with {@code responseBytes}, or without end when {@code unlimitedResponse}.
 */
public record BatchTransfer(
    String id,
    String previousId,
    long repeatCount,
    long postBytes,
    long responseBytes,
    boolean unlimitedResponse)
    implements MediaItem {}
