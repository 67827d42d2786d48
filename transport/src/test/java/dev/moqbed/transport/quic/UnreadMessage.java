package dev.moqbed.transport.quic;

/** A datagram message of {@code length} bytes that no test reads: encoded as zeros. */
public record UnreadMessage(int length) implements DatagramPayload.Unserialised {}
