/**
 * QUIC version 1 packet protection (RFC 9001 §5, §6): the key schedule from secrets to keys, AEAD
 * payload protection, header protection, key update and the Retry integrity tag, using only the
 * JDK's cryptography.
 *
 * <p>What lives here: {@link dev.moqbed.transport.crypto.Hkdf} (HKDF and TLS 1.3's
 * HKDF-Expand-Label, RFC 5869, RFC 8446 §7.1); {@link dev.moqbed.transport.crypto.CipherSuite} (the
 * three suites QUIC uses and their AEAD limits, RFC 9001 §6.6); {@link
 * dev.moqbed.transport.crypto.InitialSecrets} (§5.2); {@link
 * dev.moqbed.transport.crypto.TrafficSecret} ("quic key", "quic iv", "quic hp", "quic ku", §5.1,
 * §6.1); {@link dev.moqbed.transport.crypto.PacketProtection}, sealing and opening packets in place
 * in the datagram buffer, with its real implementation {@link
 * dev.moqbed.transport.crypto.AeadPacketProtection} and {@link
 * dev.moqbed.transport.crypto.NullPacketProtection}, which is not QUIC and exists for the simulator
 * and tests between moqbed endpoints; {@link dev.moqbed.transport.crypto.RetryIntegrity} (§5.8).
 *
 * <p>It sits on the wire codec ({@code dev.moqbed.transport.wire}): offsets come from its header
 * parser and writers, packet numbers are rebuilt with its {@code PacketNumbers}. The TLS handshake
 * that yields the handshake and 1-RTT secrets is the next stage; see docs/transport/protection.md.
 *
 * <p>A packet that fails authentication is a {@code false} result, never an exception: the receiver
 * drops it. Local misuse throws {@link java.lang.IllegalArgumentException}; a JDK lacking a
 * required algorithm (every Java SE 17 runtime has them all) throws {@link
 * java.lang.IllegalStateException}.
 */
package dev.moqbed.transport.crypto;
