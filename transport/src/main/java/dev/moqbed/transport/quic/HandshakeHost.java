package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.wire.TransportParameters;

/**
 * What a {@link CryptoHandshake} may ask of its connection. The connection implements it; a
 * handshake calls it only from within the connection's calls to the handshake.
 */
public interface HandshakeHost {
  /** The connection's configuration: its local transport parameters. */
  ConnectionConfig config();

  /** Appends TLS bytes to this end's CRYPTO stream in {@code space} (Initial or Handshake). */
  void sendCrypto(PacketSpace space, byte[] bytes);

  /** The peer repeated its flight: resend every unacknowledged CRYPTO range now. */
  void resendUnacknowledgedCrypto();

  /**
   * The peer's transport parameters, authenticated by the handshake: they replace the local
   * configuration's mirror of them for flow control, ACK delay, idle timeout, DATAGRAM size and
   * connection ids (RFC 9000 §7.4, §18.2). Called before {@link #onApplicationKeys}.
   */
  void applyPeerParameters(TransportParameters peer);

  /** This end has its 1-RTT write keys: 1-RTT packets may leave. */
  void onApplicationKeys();

  /** The client's handshake is complete (it sent its Finished): the connection is ready. */
  void onHandshakeComplete(long nowMicros);

  /** The server's handshake is complete and confirmed: HANDSHAKE_DONE goes, it is ready. */
  void onHandshakeConfirmed(long nowMicros);

  /** The handshake failed: the connection closes with {@code errorCode} (e.g. 0x0100 + alert). */
  void fail(long nowMicros, long errorCode, String reason);
}
