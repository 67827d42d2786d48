package dev.moqbed.transport.tls;

import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;

/**
 * Moves CRYPTO bytes between a client and a server session, level by level, as a lossless
 * connection would, and counts what each side sent at each level.
 */
final class CryptoPump {
  /** A bound on rounds: a real handshake needs three flights. */
  private static final int MAX_ROUNDS = 20;

  final HandshakeSession client;
  final HandshakeSession server;
  final Map<EncryptionLevel, Long> clientSent = new EnumMap<>(EncryptionLevel.class);
  final Map<EncryptionLevel, Long> serverSent = new EnumMap<>(EncryptionLevel.class);
  private final int chunkBytes;

  /**
   * @param chunkBytes the most bytes handed over in one {@code receive} call
   */
  CryptoPump(HandshakeSession client, HandshakeSession server, int chunkBytes) {
    this.client = client;
    this.server = server;
    this.chunkBytes = chunkBytes;
    for (EncryptionLevel level : EncryptionLevel.values()) {
      clientSent.put(level, 0L);
      serverSent.put(level, 0L);
    }
  }

  CryptoPump(HandshakeSession client, HandshakeSession server) {
    this(client, server, Integer.MAX_VALUE);
  }

  /** Starts the client and moves bytes until neither side has any left. */
  CryptoPump run() {
    client.start();
    server.start();
    for (int round = 0; round < MAX_ROUNDS; round++) {
      boolean moved = move(client, server, clientSent) | move(server, client, serverSent);
      if (!moved) {
        return this;
      }
    }
    throw new AssertionError("handshake still talking after " + MAX_ROUNDS + " rounds");
  }

  /** Moves everything {@code from} has pending, lowest level first. */
  static boolean move(
      HandshakeSession from, HandshakeSession to, Map<EncryptionLevel, Long> counts, int chunk) {
    boolean moved = false;
    for (EncryptionLevel level : EncryptionLevel.values()) {
      while (from.pendingBytes(level) > 0) {
        byte[] bytes = from.poll(level, chunk);
        counts.merge(level, (long) bytes.length, Long::sum);
        to.receive(level, ByteBuffer.wrap(bytes));
        moved = true;
      }
    }
    return moved;
  }

  private boolean move(
      HandshakeSession from, HandshakeSession to, Map<EncryptionLevel, Long> counts) {
    return move(from, to, counts, chunkBytes);
  }
}
