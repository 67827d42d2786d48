package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import java.util.Optional;

/**
 * The TLS handshake as the connection drives it (RFC 9001 §4): it takes the CRYPTO frames that
 * arrive in each space, decides when this end may read and send in each space, and reports back
 * through the {@link HandshakeHost} the connection gives it: CRYPTO bytes to send, the peer's
 * transport parameters, the 1-RTT keys, completion, confirmation and failure.
 *
 * <p>Two implementations: the connection's own {@link ModelledHandshake}, whose flights are the
 * reference's (picotls) CRYPTO byte counts in virtual time, and a real TLS 1.3 handshake (module
 * {@code transport-tls}), whose bytes the codec carries under real packet protection. The
 * connection calls it on the thread that drives the connection, never concurrently.
 */
public interface CryptoHandshake {
  /**
   * Called once, at the end of the connection's constructor: the handshake keeps {@code host} and a
   * client sends its first flight (ClientHello) through it.
   */
  void attach(HandshakeHost host, long nowMicros);

  /** A CRYPTO frame of a packet received in {@code space}, in the order of the packet's frames. */
  void onCryptoFrame(long nowMicros, PacketSpace space, Frame.Crypto crypto);

  /** This end may send 1-RTT packets (a server from its first flight on: 0.5-RTT, §4.1.1). */
  boolean hasApplicationKeys();

  /**
   * Whether a packet of {@code space} can be processed now; the connection holds those that cannot
   * and offers them again after each processed packet (RFC 9001 §5.7 lets an endpoint keep packets
   * whose keys are not there yet).
   */
  boolean canProcess(PacketSpace space);

  /** The client received HANDSHAKE_DONE: the handshake is confirmed (RFC 9001 §4.1.2). */
  void onHandshakeDone(long nowMicros);

  /** The connection discarded the Initial or Handshake space: its keys go too (§4.9). */
  void onSpaceDiscarded(PacketSpace space);

  /**
   * The application protocol TLS negotiated (ALPN), once the peer's first flight is processed;
   * empty before that and for the modelled handshake, which negotiates none.
   */
  default Optional<String> applicationProtocol() {
    return Optional.empty();
  }

  /**
   * The space a CONNECTION_CLOSE goes in now: 1-RTT once this end has its keys, otherwise the
   * newest handshake space it can send in (RFC 9000 §10.2.3).
   */
  PacketSpace closeSpace();
}
