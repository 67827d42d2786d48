package dev.moqbed.live.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.PathTrace;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A relay node owns what it opens: when a step of its start fails, the socket, the event loop's
 * thread and the files opened by earlier steps are all gone before the failure reaches the caller.
 */
@Tag("network")
class RelayNodeNetworkTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aFailedStartLeavesNoThreadSocketOrFileOpen(@TempDir Path directory) throws Exception {
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    LiveStack moqbed = LiveStack.of(LiveTransport.MOQBED, "c4");
    // The project's stack on one loop and on three (three sockets on the port, three threads).
    for (StackLoops run :
        List.of(
            new StackLoops(moqbed, 1),
            new StackLoops(LiveStack.quicheDefault(), 1),
            new StackLoops(moqbed, 3))) {
      LiveStack stack = run.stack();
      Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
      int port = freePort();
      Path traceFile =
          directory.resolve("trace-" + stack.transport().id() + "-" + run.loops() + ".csv");
      RelayNode.Config config =
          new RelayNode.Config(
              new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
              stack,
              certificate,
              ServerAdmission.DEFAULT,
              RelayConfig.DEFAULT,
              RelayObserver.NONE,
              line -> {},
              run.loops());
      IOException failure =
          assertThrows(
              IOException.class,
              () ->
                  RelayNode.start(
                      config,
                      List.of(
                          (relays, loops) ->
                              PathTrace.start(relays.relay(0), loops.get(0), traceFile),
                          (relays, loops) -> {
                            throw new IOException("the third step fails");
                          })));
      assertEquals("the third step fails", failure.getMessage());
      assertTrue(Files.exists(traceFile), "the trace was opened before the failure");
      assertEquals(0, LeakChecks.descriptorsOf(traceFile), "the trace file is closed");
      try (DatagramSocket again =
          new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
        assertEquals(port, again.getLocalPort(), "the relay's port is free again");
      }
      LeakChecks.assertNoNewThreads(before, stack);
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void closeDetachesInReverseOrderThenClosesTheSocket(@TempDir Path directory) throws Exception {
    List<String> closed = new java.util.concurrent.CopyOnWriteArrayList<>();
    RelayNode node =
        RelayNode.start(
            new RelayNode.Config(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                LiveStack.of(LiveTransport.MOQBED, "c4"),
                ServerCertificate.selfSigned(directory),
                ServerAdmission.DEFAULT,
                RelayConfig.DEFAULT,
                RelayObserver.NONE,
                line -> {}),
            List.of(
                (relays, loops) -> () -> closed.add("first"),
                (relays, loops) -> () -> closed.add("second")));
    int port = node.address().getPort();
    node.close();
    assertEquals(List.of("second", "first"), closed);
    try (DatagramSocket again =
        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
      assertEquals(port, again.getLocalPort());
    }
  }

  private record StackLoops(LiveStack stack, int loops) {}

  private static int freePort() throws IOException {
    try (DatagramSocket probe =
        new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
      return probe.getLocalPort();
    }
  }
}
