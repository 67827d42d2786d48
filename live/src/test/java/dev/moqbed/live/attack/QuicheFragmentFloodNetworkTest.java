package dev.moqbed.live.attack;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.transport.endpoint.EndpointConnection;
import dev.moqbed.transport.quic.Frame;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30's fragment flood against the relay on quiche: after a real handshake, one-byte STREAM
 * frames with a hole before each, over several streams. quiche keeps each such frame as a buffer of
 * its own in native memory, outside the JVM heap, with no budget for them: what it holds is bounded
 * only by the flow-control windows the relay grants. Under a client's windows (64 MiB per
 * connection, 16 MiB per stream) this flood of 4 streams × 2 MiB (4 million frames) made this
 * process's RSS grow by hundreds of megabytes; under the relay's (1 MiB, 512 KiB) the first frame
 * past a stream's window closes the connection (FLOW_CONTROL_ERROR) and quiche lets it all go.
 *
 * <p>The flood's shape can be changed for measurements: {@code -Dmoqbed.test.floodStreams=N} and
 * {@code -Dmoqbed.test.floodSpan=BYTES} (per stream).
 */
@Tag("network")
class QuicheFragmentFloodNetworkTest {
  private static final int STREAMS = Integer.getInteger("moqbed.test.floodStreams", 4);
  private static final long SPAN = Long.getLong("moqbed.test.floodSpan", 2L << 20);
  private static final int FRAMES_PER_PACKET = Attack.FRAMES_PER_PACKET;
  private static final int PACKETS_PER_BATCH = 64;

  private static final long START = System.nanoTime();

  @TempDir Path directory;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void quicheHoldsNoMoreThanTheRelaysWindowsForAFragmentingPeer() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    List<String> log = new ArrayList<>();
    try (RelayNode relay =
            RelayNode.start(
                new RelayNode.Config(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    LiveStack.quicheDefault(),
                    ServerCertificate.selfSigned(directory),
                    ServerAdmission.DEFAULT,
                    // a setup deadline past the flood: what quiche holds is bounded by the
                    // windows alone, not by the relay closing the connection
                    RelayConfig.builder().setupTimeoutMicros(120_000_000).build(),
                    RelayObserver.NONE,
                    line -> {
                      synchronized (log) {
                        log.add(
                            String.format("%.2f s: %s", (System.nanoTime() - START) / 1e9, line));
                      }
                    }),
                List.of());
        ForgingClient attacker =
            ForgingClient.open(
                new InetSocketAddress(InetAddress.getByName("127.0.0.3"), 0),
                relay.address(),
                RelayNode.VERSION.alpn())) {
      var connection = attacker.handshake(5_000);
      assertNotNull(connection, "no handshake with the relay on quiche");
      long before = settledResidentBytes() - committedHeapBytes();
      long start = System.nanoTime();
      long datagrams = flood(attacker, connection);
      long flooded = System.nanoTime() - start;
      Thread.sleep(1_000);
      long after = settledResidentBytes() - committedHeapBytes();
      long grown = after - before;
      System.out.printf(
          "quiche fragment flood: %d streams x %d bytes (%d frames) in %d datagrams, %.1f s;"
              + " RSS beside the Java heap %.1f -> %.1f MB (+%.1f MB)%n",
          STREAMS,
          SPAN,
          STREAMS * (SPAN / 2),
          datagrams,
          flooded / 1e9,
          before / 1e6,
          after / 1e6,
          grown / 1e6);
      System.out.println("flood from " + (start - START) / 1e9 + " s; relay: " + log);
      assertTrue(
          grown < (128L << 20),
          "quiche holds the flood: RSS grew by " + grown / 1_000_000 + " MB; " + log);
    }
  }

  /** One-byte frames at offsets 1, 3, 5... of each stream up to {@link #SPAN}, paced in batches. */
  private static long flood(
      ForgingClient attacker, EndpointConnection<ForgingClient.Sender> connection)
      throws Exception {
    long datagrams = 0;
    List<List<Frame>> batch = new ArrayList<>();
    List<Frame> frames = new ArrayList<>();
    for (int stream = 0; stream < STREAMS; stream++) {
      long id = Attack.CLIENT_UNI_STREAM + 4L * stream;
      for (long offset = 1; offset < SPAN; offset += 2) {
        frames.add(new Frame.Stream(id, offset, 1, false, true, null));
        if (frames.size() == FRAMES_PER_PACKET) {
          batch.add(frames);
          frames = new ArrayList<>();
        }
        if (batch.size() == PACKETS_PER_BATCH) {
          datagrams += send(attacker, connection, batch);
          batch = new ArrayList<>();
        }
      }
    }
    batch.add(frames);
    return datagrams + send(attacker, connection, batch);
  }

  /** A batch of packets, then a pause so that the sockets' buffers do not overflow. */
  private static int send(
      ForgingClient attacker,
      EndpointConnection<ForgingClient.Sender> connection,
      List<List<Frame>> batch)
      throws Exception {
    attacker.forge(connection, batch);
    Thread.sleep(1);
    return batch.size();
  }

  /** This process's resident set after a full collection. */
  private static long settledResidentBytes() throws IOException, InterruptedException {
    System.gc();
    Thread.sleep(200);
    return residentBytes();
  }

  /** The heap this JVM has taken from the system: part of the RSS, but not quiche's. */
  private static long committedHeapBytes() {
    return Runtime.getRuntime().totalMemory();
  }

  private static long residentBytes() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
      }
    }
    throw new IOException("no VmRSS in /proc/self/status");
  }
}
