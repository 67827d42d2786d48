package dev.moqbed.session.transport;

/** The two halves of one bidirectional stream. */
public record BidirectionalStream(SendStream send, ReceiveStream receive) {}
