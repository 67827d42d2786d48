package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.KeyPhases;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Key update over real QUIC in memory (RFC 9001 §6): one end starts an update every 100 packets
 * while 1 MB goes each way, the other follows each one, nothing is lost to it; packets failing
 * authentication up to the integrity limit close the connection with AEAD_LIMIT_REACHED.
 */
class KeyUpdateTest {
  private static final String ALPN = Fixtures.MOQT_ALPN;
  private static final ServerTlsContext RELAY = Fixtures.relayContext(List.of(ALPN));
  private static final int BYTES = 1_000_000;

  private static InMemoryQuicPair pair(long clientInterval, long serverInterval) {
    return new InMemoryQuicPair(
        ConnectionConfig.builder(Role.CLIENT).keyUpdateIntervalPackets(clientInterval).build(),
        Fixtures.trustingRelay("localhost", List.of(ALPN)),
        ConnectionConfig.builder(Role.SERVER).keyUpdateIntervalPackets(serverInterval).build(),
        RELAY);
  }

  private static byte[] bytes(long seed) {
    byte[] bytes = new byte[BYTES];
    new SplittableRandom(seed).nextBytes(bytes);
    return bytes;
  }

  private static long[] transferBothWays(InMemoryQuicPair pair) {
    byte[] up = bytes(1);
    byte[] down = bytes(2);
    long[] ids = new long[2];
    pair.clientApp.onReady =
        (connection, now) -> {
          ids[0] = connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
          connection.write(ids[0], ByteSlice.of(up));
          connection.finish(ids[0]);
        };
    pair.serverApp.onReady =
        (connection, now) -> {
          ids[1] = connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
          connection.write(ids[1], ByteSlice.of(down));
          connection.finish(ids[1]);
        };
    assertTrue(
        pair.runUntil(
            () ->
                pair.serverApp.finished.contains(ids[0])
                    && pair.clientApp.finished.contains(ids[1]),
            30_000_000),
        "both transfers ended");
    assertArrayEquals(up, pair.serverApp.stream(ids[0]));
    assertArrayEquals(down, pair.clientApp.stream(ids[1]));
    assertEquals(-1, pair.clientApp.closedCode);
    assertEquals(-1, pair.serverApp.closedCode);
    return ids;
  }

  @Test
  void theClientUpdatesEvery100PacketsAndTheServerFollows() {
    InMemoryQuicPair pair = pair(100, KeyPhases.DEFAULT_UPDATE_INTERVAL);
    transferBothWays(pair);
    KeyPhases client = pair.client.codec().keyPhases();
    KeyPhases server = pair.server.codec().keyPhases();
    System.out.printf(
        "client-initiated: %d updates started by the client, %d followed by the server, "
            + "%d packets failed to open%n",
        client.updatesInitiated(), server.updatesFollowed(), server.authenticationFailures());
    assertTrue(client.updatesInitiated() >= 3, "updates: " + client.updatesInitiated());
    assertEquals(client.updatesInitiated(), server.updatesFollowed());
    assertEquals(0, server.updatesInitiated());
    assertEquals(0, server.authenticationFailures() + client.authenticationFailures());
  }

  @Test
  void theServerUpdatesEvery100PacketsAndTheClientFollows() {
    InMemoryQuicPair pair = pair(KeyPhases.DEFAULT_UPDATE_INTERVAL, 100);
    transferBothWays(pair);
    KeyPhases client = pair.client.codec().keyPhases();
    KeyPhases server = pair.server.codec().keyPhases();
    System.out.printf(
        "server-initiated: %d updates started by the server, %d followed by the client%n",
        server.updatesInitiated(), client.updatesFollowed());
    assertTrue(server.updatesInitiated() >= 3, "updates: " + server.updatesInitiated());
    assertEquals(server.updatesInitiated(), client.updatesFollowed());
    assertEquals(0, server.authenticationFailures() + client.authenticationFailures());
  }

  @Test
  void theIntegrityLimitClosesWithAeadLimitReached() {
    InMemoryQuicPair pair =
        pair(KeyPhases.DEFAULT_UPDATE_INTERVAL, KeyPhases.DEFAULT_UPDATE_INTERVAL);
    assertTrue(pair.runUntil(() -> pair.server.connection().isReady(), 1_000_000));
    pair.server.codec().keyPhases().limitIntegrity(3);
    pair.clientApp.onReady = (connection, now) -> {};
    QuicConnection client = pair.client.connection();
    long id = client.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
    client.write(id, ByteSlice.of(new byte[50_000]));
    int first = pair.sentToServer();
    pair.tamperToServer = index -> index >= first && index < first + 3;
    assertTrue(pair.runUntil(() -> pair.clientApp.closedCode >= 0, pair.now + 5_000_000));
    assertEquals(0x0f, pair.clientApp.closedCode, "AEAD_LIMIT_REACHED");
    assertEquals(3, pair.server.codec().keyPhases().authenticationFailures());
  }
}
