package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.List;

/**
 * The TLS handshake as the model plays it: each flight is a number of CRYPTO bytes in its space,
 * and the keys arrive when the bytes before them have. It decides when this end has its Handshake
 * and 1-RTT keys, starts the server's flight, and holds the client's Handshake packets that arrive
 * before the server's Initial (picoquic keeps undecryptable packets until their keys arrive). The
 * life-cycle changes that follow (ready, confirmed) are the connection's.
 */
final class ModelledHandshake {
  /** The modelled TLS flights: ClientHello, ServerHello, server certificate..Finished, Finished. */
  static final int CLIENT_INITIAL_CRYPTO_BYTES = 280;

  static final int SERVER_INITIAL_CRYPTO_BYTES = 123;
  static final int SERVER_HANDSHAKE_CRYPTO_BYTES = 1258;
  static final int CLIENT_HANDSHAKE_CRYPTO_BYTES = 36;

  /** What a CRYPTO frame completed, for the connection to act on. */
  enum Progress {
    NONE,
    /** The client has the server's Finished: it has its 1-RTT keys and is ready. */
    CLIENT_READY,
    /** The server has the client's Finished: the handshake is confirmed. */
    SERVER_CONFIRMED
  }

  private final Role role;
  private final PacketNumberSpace initial;
  private final PacketNumberSpace handshake;
  private final PathState path;
  private final LossDetection loss;
  private final PendingFrames pending;
  private boolean applicationKeys;

  /** Packets received before the keys to read them, in arrival order. */
  private final List<HeldPacket> heldPackets = new ArrayList<>(2);

  /** A packet received before the keys to read it, with its datagram's ECN mark. */
  record HeldPacket(QuicPacket packet, EcnMark ecn) {}

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
    if (role == Role.CLIENT) {
      initial.cryptoToSend.totalBytes = CLIENT_INITIAL_CRYPTO_BYTES;
    }
  }

  /** This end may send 1-RTT packets (the server from its flight on: 0.5-RTT). */
  boolean hasApplicationKeys() {
    return applicationKeys;
  }

  /**
   * Holds a client Handshake packet that arrived before the server's Initial; returns whether it
   * was held.
   */
  boolean holdUntilKeys(QuicPacket packet, EcnMark ecn) {
    if (role == Role.CLIENT && packet.space() == PacketSpace.HANDSHAKE && !handshakeKeys()) {
      heldPackets.add(new HeldPacket(packet, ecn));
      return true;
    }
    return false;
  }

  /** The held packets, once their keys are there; null while there are none to process. */
  List<HeldPacket> releaseHeldPackets() {
    if (heldPackets.isEmpty() || !handshakeKeys()) {
      return null;
    }
    List<HeldPacket> released = new ArrayList<>(heldPackets);
    heldPackets.clear();
    return released;
  }

  /** The client's Handshake keys: it has the server's Initial (ServerHello). */
  private boolean handshakeKeys() {
    return initial.discarded || initial.cryptoReceived.containsAll(0, SERVER_INITIAL_CRYPTO_BYTES);
  }

  Progress onCryptoFrame(PacketNumberSpace space, Frame.Crypto crypto) {
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
        pending.handshakeDoneToSend = true;
        return Progress.SERVER_CONFIRMED;
      }
    } else if (!applicationKeys
        && initial.cryptoReceived.containsAll(0, SERVER_INITIAL_CRYPTO_BYTES)
        && handshake.cryptoReceived.containsAll(0, SERVER_HANDSHAKE_CRYPTO_BYTES)) {
      // The client has the server's Finished: send ours, then 1-RTT data ("almost ready").
      handshake.cryptoToSend.totalBytes = CLIENT_HANDSHAKE_CRYPTO_BYTES;
      onApplicationKeys();
      return Progress.CLIENT_READY;
    }
    return Progress.NONE;
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
