/**
 * The QUIC version 1 wire codec: bytes in, fields out, and back, with no I/O, no clock and no
 * cryptography.
 *
 * <p>What lives here: variable-length integers (RFC 9000 §16, {@link
 * dev.moqbed.transport.wire.VarInt}); every frame the project sends or receives (RFC 9000 §19, RFC
 * 9221 DATAGRAM, draft-ietf-quic-ack-frequency-09 ACK_FREQUENCY and IMMEDIATE_ACK), written by
 * {@link dev.moqbed.transport.wire.FrameWriter} and parsed by {@link
 * dev.moqbed.transport.wire.FrameDecoder} into a {@link dev.moqbed.transport.wire.FrameHandler};
 * packet headers (RFC 9000 §17) with {@link dev.moqbed.transport.wire.PacketHeaderParser} and
 * {@link dev.moqbed.transport.wire.PacketHeaderWriter}; packet-number truncation (RFC 9000 §17.1,
 * Appendix A); the stateless reset layout (RFC 9000 §10.3); transport parameters (RFC 9000 §18).
 *
 * <p>Everything a peer controls is parsed with bounds checks: malformed input never escapes as an
 * unchecked exception but as a {@link dev.moqbed.transport.wire.QuicWireException} carrying the RFC
 * 9000 §20 error code. Misuse by local code (a value out of range handed to an encoder, a buffer
 * too small for a size the caller computed) is a programming error and throws the usual unchecked
 * exceptions.
 *
 * <p>Header protection and packet protection (RFC 9001 §5) are the next stage: the parser exposes
 * the protected bits and the packet-number offset for them, and nothing here depends on them.
 */
package dev.moqbed.transport.wire;
