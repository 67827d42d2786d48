package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.NettyConnection;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.TransportListener;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every way a client's connection ends frees its session on the live relay: a relay with room for a
 * few sessions still serves a newcomer after many more clients came and went.
 */
@Tag("network")
class RelaySessionLifetimeNetworkTest {
  private static final int MAX_SESSIONS = 3;
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldFreeTheSessionWhenTheClientClosesWithAnEmptyReason() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-test-"));
    List<String> log = new CopyOnWriteArrayList<>();
    Relay[] relay = new Relay[1];
    RelayConfig config = RelayConfig.builder().maxSessions(MAX_SESSIONS).build();
    try (QuicServer server =
        QuicServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            QuicSettings.DEFAULT,
            certificate,
            VERSION.alpn(),
            connection -> relay[0].serve(connection, VERSION))) {
      relay[0] = new Relay(server.scheduler(), config, log::add);
      EventLoopScheduler relayLoop = server.scheduler();
      for (int i = 0; i < 2 * MAX_SESSIONS; i++) {
        CompletableFuture<Void> setUp = new CompletableFuture<>();
        NettyConnection[] opened = new NettyConnection[1];
        QuicClient client =
            connect(
                server,
                certificate,
                connection -> {
                  opened[0] = connection;
                  MoqtSession.client(connection, whenSetUp(setUp), VERSION);
                });
        setUp.get(10, TimeUnit.SECONDS);
        // The application close with an empty reason phrase, as Netty's QuicChannel.close().
        opened[0].scheduler().execute(() -> opened[0].close(0, ""));
        waitFor(() -> onLoop(relayLoop, relay[0]::sessionCount) == 0, "session " + i + " freed");
        client.close();
      }
      CompletableFuture<Void> newcomer = new CompletableFuture<>();
      QuicClient last =
          connect(
              server,
              certificate,
              connection -> MoqtSession.client(connection, whenSetUp(newcomer), VERSION));
      try {
        newcomer.get(10, TimeUnit.SECONDS);
        assertEquals(1, (int) onLoop(relayLoop, relay[0]::sessionCount));
      } finally {
        last.close();
      }
    }
    assertTrue(log.stream().noneMatch(line -> line.contains("full")), log.toString());
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void shouldCloseAConnectionThatTricklesItsSetupAfterTheSetupTimeout() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-test-"));
    List<String> log = new CopyOnWriteArrayList<>();
    Relay[] relay = new Relay[1];
    RelayConfig config = RelayConfig.builder().setupTimeoutMicros(1_000_000).build();
    try (QuicServer server =
        QuicServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            QuicSettings.DEFAULT,
            certificate,
            VERSION.alpn(),
            connection -> relay[0].serve(connection, VERSION))) {
      relay[0] = new Relay(server.scheduler(), config, log::add);
      CompletableFuture<Long> closeCode = new CompletableFuture<>();
      QuicClient trickler =
          connect(
              server,
              certificate,
              connection -> {
                connection.setListener(
                    new TransportListener() {
                      @Override
                      public void onBidirectionalStream(BidirectionalStream stream) {}

                      @Override
                      public void onUnidirectionalStream(ReceiveStream stream) {}

                      @Override
                      public void onDatagram(ByteBuffer payload) {}

                      @Override
                      public void onClosed(long code, String reason, boolean byPeer) {
                        closeCode.complete(code);
                      }
                    });
                // The first byte of a CLIENT_SETUP (its type), and nothing after it.
                connection
                    .openBidirectionalStream()
                    .send()
                    .write(ByteBuffer.wrap(new byte[] {0x20}));
              });
      try {
        assertEquals(
            SessionError.CONTROL_MESSAGE_TIMEOUT.code(), closeCode.get(10, TimeUnit.SECONDS));
      } finally {
        trickler.close();
      }
      waitFor(() -> onLoop(server.scheduler(), relay[0]::sessionCount) == 0, "slot freed");
      CompletableFuture<Void> newcomer = new CompletableFuture<>();
      QuicClient honest =
          connect(
              server,
              certificate,
              connection -> MoqtSession.client(connection, whenSetUp(newcomer), VERSION));
      try {
        newcomer.get(10, TimeUnit.SECONDS);
      } finally {
        honest.close();
      }
    }
    assertTrue(
        log.stream().anyMatch(line -> line.contains("closed: no MoQT setup within 1 s")),
        log.toString());
  }

  private static QuicClient connect(
      QuicServer server, ServerCertificate certificate, Consumer<NettyConnection> onConnected)
      throws Exception {
    return QuicClient.connect(
        server.localAddress(),
        "localhost",
        QuicSettings.DEFAULT,
        ClientTrust.pinned(certificate.certificate()),
        VERSION.alpn(),
        onConnected);
  }

  private static MoqtSessionListener whenSetUp(CompletableFuture<Void> setUp) {
    return new MoqtSessionListener() {
      @Override
      public void onReady(MoqtSession session) {
        setUp.complete(null);
      }
    };
  }

  private static <T> T onLoop(EventLoopScheduler loop, java.util.function.Supplier<T> query)
      throws Exception {
    CompletableFuture<T> answer = new CompletableFuture<>();
    loop.execute(() -> answer.complete(query.get()));
    return answer.get(5, TimeUnit.SECONDS);
  }

  private static void waitFor(java.util.concurrent.Callable<Boolean> condition, String what)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting: " + what);
      }
      Thread.sleep(20);
    }
  }
}
