package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.transport.recovery.TransportDefaults;
import org.junit.jupiter.api.Test;

/**
 * {@link PathValidation} on a {@link ConnectionPair} in virtual time: the endpoint's part (which
 * address a datagram came from) is played by calling {@link PathValidation#start} on the server, as
 * its endpoint does when the client's newest packet comes from a new address.
 */
class PathValidationTest {
  private static final long SECOND = 1_000_000;

  /**
   * Counts the bytes each way while {@link #counting}; drops toward the client while deaf, and
   * every datagram toward the server after the first counted one (the new address goes silent).
   */
  private boolean counting;

  private int datagramsToServer;

  private boolean clientDeaf;
  private long bytesToClient;
  private long bytesToServer;

  private ConnectionPair readyPair() {
    ConnectionPair pair =
        ConnectionPair.builder()
            .dropToClient(
                datagram -> {
                  bytesToClient += counting ? datagram.sizeBytes() : 0;
                  return clientDeaf;
                })
            .dropToServer(
                datagram -> {
                  if (!counting || !clientDeaf) {
                    return false;
                  }
                  if (datagramsToServer++ > 0) {
                    return true;
                  }
                  bytesToServer += datagram.sizeBytes();
                  return false;
                })
            .build()
            .start();
    assertTrue(pair.handshake(2 * SECOND));
    pair.runWhile(() -> true, pair.scheduler.nowMicros() + 200_000);
    return pair;
  }

  @Test
  void anUnansweredChallengeLimitsSendingToThreeTimesTheBytesReceivedAndGivesUpAtThreePto() {
    ConnectionPair pair = readyPair();
    QuicConnection server = pair.server;
    CongestionController before = server.controller();
    long start = pair.scheduler.nowMicros();
    counting = true;
    clientDeaf = true; // nobody at the "new address" reads what the server sends
    server.pathValidation().start(start, false);
    assertNotSame(before, server.controller(), "another IP address: congestion starts over");
    server.writeCount(server.openUnidirectionalStream(9), 500_000);
    pair.client.writeCount(pair.client.openUnidirectionalStream(9), 100); // from the new address
    pair.runWhile(() -> server.pathValidation().isValidating(), start + 5 * SECOND);

    assertEquals(1, server.pathValidation().failed());
    assertEquals(0, server.pathValidation().validated());
    assertTrue(bytesToClient > 0, "the challenge went out");
    assertTrue(
        bytesToClient <= 3 * bytesToServer,
        bytesToClient + " bytes sent before validation for " + bytesToServer + " received");
    long elapsed = pair.scheduler.nowMicros() - start;
    // Three times the larger of the PTO and twice the initial RTT (RFC 9000 §8.2.4).
    assertTrue(
        elapsed >= 3 * 2 * TransportDefaults.INITIAL_RTT_MICROS && elapsed < 3 * SECOND,
        "gave up after " + elapsed);
    assertSame(before, server.controller(), "the validated address's congestion state is back");
    assertEquals(PathValidation.Outcome.FAILED, server.pathValidation().takeOutcome());
  }

  @Test
  void anAnsweredChallengeValidatesTheAddressAndTheDataFlows() {
    ConnectionPair pair = readyPair();
    QuicConnection server = pair.server;
    CongestionController before = server.controller();
    long start = pair.scheduler.nowMicros();
    server.pathValidation().start(start, true);
    assertSame(before, server.controller(), "a port-only change keeps the congestion state");
    long stream = server.openUnidirectionalStream(9);
    server.writeCount(stream, 200_000);
    server.finish(stream);
    pair.client.writeCount(pair.client.openUnidirectionalStream(9), 2_000);
    pair.runWhile(() -> server.pathValidation().isValidating(), start + SECOND);

    assertEquals(1, server.pathValidation().validated());
    assertEquals(PathValidation.Outcome.VALIDATED, server.pathValidation().takeOutcome());
    assertTrue(pair.scheduler.nowMicros() - start < 100_000, "validated within a few RTTs");
    pair.runWhile(() -> server.stats().bytesSent() < 200_000, start + 2 * SECOND);
    assertTrue(server.stats().bytesSent() >= 200_000, "the data went out after validation");
    assertFalse(server.pathValidation().isValidating());
    assertTrue(server.isReady());
  }
}
