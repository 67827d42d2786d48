/**
 * Byte formats shared by every protocol layer of the project: the QUIC variable-length integer
 * ({@link dev.moqbed.runtime.wire.VarintCodec}), which QUIC frames, MoQT messages, HTTP/3 frames
 * and WebTransport capsules all use. The protocol layers wrap it with their own error codes.
 */
package dev.moqbed.runtime.wire;
