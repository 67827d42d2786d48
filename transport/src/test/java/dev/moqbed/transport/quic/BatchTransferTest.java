package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.app.BatchClient;
import dev.moqbed.transport.app.BatchServer;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BatchTransferTest {

  /** A client and a server joined by two test paths; runs until the client disconnects. */
  private static final class Run {
    final VirtualScheduler scheduler = new VirtualScheduler();
    final BatchClient client;
    final BatchServer server = new BatchServer();
    final QuicConnection clientConnection;
    final QuicConnection serverConnection;
    final TestPath up;
    final TestPath down;

    Run(
        String cc,
        long post,
        long response,
        long rateBits,
        long oneWayMicros,
        Predicate<Datagram> dropDown) {
      RandomStreams random = new RandomStreams(1, 0);
      var factory = ControllerRegistry.standard().parse(cc);
      clientConnection =
          new QuicConnection(
              ConnectionConfig.picoquic(Role.CLIENT), 1, 0, 0, factory, random.stream("c"), 0);
      serverConnection =
          new QuicConnection(
              ConnectionConfig.picoquic(Role.SERVER), 0, 1, 0, factory, random.stream("s"), 0);
      client = new BatchClient(post, response);
      clientConnection.setHandler(client);
      serverConnection.setHandler(server);
      up = new TestPath(scheduler, rateBits, oneWayMicros, d -> false);
      down = new TestPath(scheduler, rateBits, oneWayMicros, dropDown);
      ConnectionDriver clientDriver = new ConnectionDriver(scheduler, clientConnection, up);
      ConnectionDriver serverDriver = new ConnectionDriver(scheduler, serverConnection, down);
      up.connect(serverDriver);
      down.connect(clientDriver);
      clientDriver.start();
      serverDriver.start();
      scheduler.runWhile(() -> client.closedMicros() < 0, 120_000_000);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "newreno",
        "cubic",
        "bbr",
        "c4",
        "newreno:flavor=rfc",
        "cubic:flavor=rfc",
        "bbr:flavor=draft",
        "c4:variant=v4"
      })
  void shouldDownloadEveryByteAndCloseWithEachController(String cc) {
    Run run = new Run(cc, 397, 2_000_000, 20_000_000, 40_000, d -> false);
    assertEquals(2_000_000, run.client.receivedBytes(), cc);
    assertTrue(run.client.closedMicros() > 0, cc + ": the client disconnected");
    // 2 MB at 20 Mbit/s is 0.8 s; with the handshake (~1.5 RTT), the close (~1 RTT) and start-up.
    long seconds = run.client.closedMicros();
    assertTrue(seconds > 1_000_000 && seconds < 3_000_000, cc + " took " + seconds + " us");
  }

  @Test
  void shouldPlayTheHandshakeWithTheReferenceDatagramSizes() {
    // 10 kB fits the initial window: one flight, so the time is the connection's framing alone.
    Run run = new Run("newreno", 397, 10_000, 1_000_000_000, 40_000, d -> false);
    assertEquals(10_000, run.client.receivedBytes());
    // one-way 40 ms: data leaves the server at ~1.5 RTT, arrives at ~2 RTT, the close takes ~1 RTT
    long closed = run.client.closedMicros();
    assertTrue(closed >= 240_000 && closed < 245_000, "closed at " + closed);
    // The reference's flights: client Initial padded to 1252; server Initial+Handshake 1252,
    // Handshake + 0.5-RTT NEW_CONNECTION_IDs 511, MTU probe 1440; client Finished + request, probe.
    assertEquals(1252, run.up.sizes.get(0));
    assertEquals(java.util.List.of(1252, 511, 1440), run.down.sizes.subList(0, 3));
    assertEquals(1440, run.up.sizes.get(2));
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void shouldDeliverDespiteRandomLoss(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    Run run = new Run("cubic", 397, 1_000_000, 20_000_000, 20_000, d -> random.nextInt(100) < 3);
    assertEquals(1_000_000, run.client.receivedBytes());
    assertTrue(run.down.dropped > 0);
    assertTrue(run.serverConnection.stats().packetsLost() > 0);
  }

  @Test
  void shouldUploadUnderTheReferenceStreamWindow() {
    Run run = new Run("cubic", 3_000_000, 128, 20_000_000, 20_000, d -> false);
    assertEquals(128, run.client.receivedBytes());
    assertEquals(3_000_000, run.server.receivedBytes());
  }
}
