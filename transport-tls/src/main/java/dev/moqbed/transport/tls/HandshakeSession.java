package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.TransportParameters;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * One endpoint's TLS 1.3 handshake as QUIC drives it (RFC 9001 §4): CRYPTO stream bytes in and out
 * per encryption level, secrets, transport parameters and ALPN out. It knows nothing of packets,
 * frames, keys or time: the connection reassembles CRYPTO frames into the stream, frames what
 * {@link #poll} returns into CRYPTO frames (and keeps it for retransmission), and installs the keys
 * it derives from {@link TrafficSecrets}.
 *
 * <p>Peer input never throws: a bad byte ends the session with a {@link HandshakeFailure}, reported
 * once to the {@link HandshakeListener} and kept in {@link #failure()}; later input is ignored. Not
 * thread-safe: one connection drives it from one thread.
 *
 * <p>Implementations: the agent15 ones ({@code Agent15ClientSession}, {@code
 * Agent15ServerSession}); the simulator keeps modelling flight sizes without any.
 */
public interface HandshakeSession {

  /** The client writes its ClientHello into the Initial stream; the server does nothing. */
  void start();

  /**
   * The next bytes of the peer's CRYPTO stream at {@code level}, in stream order (the connection
   * delivers each byte once, without gaps). Whole handshake messages are processed as soon as they
   * are complete; a partial one waits for the rest. Reads the buffer to its limit.
   */
  void receive(EncryptionLevel level, ByteBuffer cryptoData);

  /** How many CRYPTO bytes at {@code level} wait for {@link #poll}. */
  int pendingBytes(EncryptionLevel level);

  /**
   * Takes up to {@code maxBytes} of the CRYPTO bytes waiting at {@code level}; they start at stream
   * offset {@link #sendOffset} as it was before the call. Empty when nothing waits.
   */
  byte[] poll(EncryptionLevel level, int maxBytes);

  /** The stream offset of the next byte {@link #poll} returns at {@code level}. */
  long sendOffset(EncryptionLevel level);

  /**
   * The connection received a HANDSHAKE_DONE frame. The client's handshake is then confirmed (RFC
   * 9001 §4.1.2); a server never receives one legitimately (RFC 9000 §19.20).
   */
  void handshakeDoneReceived();

  /**
   * The peer's transport parameters, decoded and validated by {@code TransportParameterCodec}, once
   * its ClientHello (server) or EncryptedExtensions (client) is processed. Authenticating the
   * connection IDs in them (RFC 9000 §7.3) is the connection's job.
   */
  Optional<TransportParameters> peerTransportParameters();

  /** The negotiated application protocol (ALPN), known at the same moment. */
  Optional<String> applicationProtocol();

  boolean isComplete();

  boolean isConfirmed();

  /** Why the handshake ended, once it has failed. */
  Optional<HandshakeFailure> failure();
}
