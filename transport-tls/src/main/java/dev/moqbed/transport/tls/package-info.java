/**
 * The TLS 1.3 handshake for QUIC (RFC 9001 §4): {@link dev.moqbed.transport.tls.HandshakeSession}
 * is what a QUIC connection drives (CRYPTO bytes per encryption level in and out, traffic secrets,
 * the peer's transport parameters and ALPN out, failures as QUIC error codes); {@link
 * dev.moqbed.transport.tls.Agent15ClientSession} and {@link
 * dev.moqbed.transport.tls.Agent15ServerSession} implement it over agent15 (kwik's TLS engine,
 * LGPL-3.0, used unmodified). See docs/transport/tls.md.
 */
package dev.moqbed.transport.tls;
