package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;

/**
 * The TLS handshake as the simulator plays it: each flight is a number of CRYPTO bytes in its
 * space, and the keys arrive when the bytes before them have. It decides when this end has its
 * Handshake and 1-RTT keys, starts the server's flight, and has the connection hold the client's
 * Handshake packets that arrive before the server's Initial (picoquic keeps undecryptable packets
 * until their keys arrive). The life-cycle changes that follow (ready, confirmed) are the
 * connection's, through its {@link HandshakeHost}. The peer's transport parameters are taken to
 * mirror the local ones.
 */
final class ModelledHandshake implements CryptoHandshake {
  /** The modelled TLS flights: ClientHello, ServerHello, server certificate..Finished, Finished. */
  static final int CLIENT_INITIAL_CRYPTO_BYTES = 280;

  /**
   * The ServerHello: 126 bytes, so that with picoquic's 46-byte Initial header and tag and its
   * 8-byte ACK the server's Initial is the reference's measured 184 bytes (docs/transport/wire.md,
   * "Modelled vs encoded sizes").
   */
  static final int SERVER_INITIAL_CRYPTO_BYTES = 126;

  static final int SERVER_HANDSHAKE_CRYPTO_BYTES = 1258;
  static final int CLIENT_HANDSHAKE_CRYPTO_BYTES = 36;

  private final Role role;
  private final PacketNumberSpace initial;
  private final PacketNumberSpace handshake;
  private final PathState path;
  private final LossDetection loss;
  private final PendingFrames pending;
  private HandshakeHost host;
  private boolean applicationKeys;

  ModelledHandshake(
      Role role,
      PacketNumberSpace[] spaces,
      PathState path,
      LossDetection loss,
      PendingFrames pending) {
    this.role = role;
    this.initial = spaces[PacketSpace.INITIAL.ordinal()];
    this.handshake = spaces[PacketSpace.HANDSHAKE.ordinal()];
    this.path = path;
    this.loss = loss;
    this.pending = pending;
  }

  @Override
  public void attach(HandshakeHost host, long nowMicros) {
    this.host = host;
    if (role == Role.CLIENT) {
      initial.cryptoToSend.totalBytes = CLIENT_INITIAL_CRYPTO_BYTES;
    }
  }

  @Override
  public boolean hasApplicationKeys() {
    return applicationKeys;
  }

  /**
   * The client holds Handshake packets that arrive before the server's Initial: no Handshake keys
   * before the ServerHello; picoquic keeps such packets and decrypts them once the keys arrive
   * (picoquic_incoming_not_decrypted).
   */
  @Override
  public boolean canProcess(PacketSpace space) {
    return role != Role.CLIENT || space != PacketSpace.HANDSHAKE || handshakeKeys();
  }

  /** The client's Handshake keys: it has the server's Initial (ServerHello). */
  private boolean handshakeKeys() {
    return initial.discarded || initial.cryptoReceived.containsAll(0, SERVER_INITIAL_CRYPTO_BYTES);
  }

  @Override
  public void onHandshakeDone(long nowMicros) {}

  @Override
  public void onSpaceDiscarded(PacketSpace space) {}

  @Override
  public PacketSpace closeSpace() {
    return PacketSpace.APPLICATION; // the modelled handshake closes once the application runs
  }

  @Override
  public void onCryptoFrame(long nowMicros, PacketSpace packetSpace, Frame.Crypto crypto) {
    PacketNumberSpace space = packetSpace == PacketSpace.INITIAL ? initial : handshake;
    space.cryptoReceived.add(crypto.offset(), crypto.offset() + crypto.length());
    if (role == Role.SERVER) {
      if (space == initial) {
        if (space.cryptoReceived.containsAll(0, CLIENT_INITIAL_CRYPTO_BYTES)) {
          if (initial.cryptoToSend.totalBytes == 0) {
            startServerFlight();
          } else {
            // The client repeated its Initial: our flight was lost, send it again now.
            loss.resendUnacknowledgedCrypto();
          }
        }
      } else if (space == handshake
          && space.cryptoReceived.containsAll(0, CLIENT_HANDSHAKE_CRYPTO_BYTES)
          && !path.handshakeConfirmed()) {
        host.onHandshakeConfirmed(nowMicros);
      }
    } else if (!applicationKeys
        && initial.cryptoReceived.containsAll(0, SERVER_INITIAL_CRYPTO_BYTES)
        && handshake.cryptoReceived.containsAll(0, SERVER_HANDSHAKE_CRYPTO_BYTES)) {
      // The client has the server's Finished: send ours, then 1-RTT data ("almost ready").
      handshake.cryptoToSend.totalBytes = CLIENT_HANDSHAKE_CRYPTO_BYTES;
      onApplicationKeys();
      host.onHandshakeComplete(nowMicros);
    }
  }

  private void startServerFlight() {
    initial.cryptoToSend.totalBytes = SERVER_INITIAL_CRYPTO_BYTES;
    handshake.cryptoToSend.totalBytes = SERVER_HANDSHAKE_CRYPTO_BYTES;
    onApplicationKeys(); // 0.5-RTT: the server may send 1-RTT packets before confirmation
  }

  /** The 1-RTT keys, and with them the peer's transport parameters. */
  private void onApplicationKeys() {
    applicationKeys = true;
    path.onPeerParametersKnown();
    pending.onApplicationKeys();
    path.mtu().start();
  }
}
