package dev.moqbed.transport.udp.bench;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.QuicheController;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpServerSetup;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A pairing with quiche (Netty's QUIC codec) on at least one end, real QUIC v1 both ways: {@code
 * quiche->moqbed} (quiche's server sends to the project's client), {@code moqbed->quiche}, and
 * {@code quiche->quiche}, the reference the bench divides by. quiche's side runs {@code quicheCc};
 * the project's side the controller of the run. Figures of a quiche sender come from Netty's path
 * statistics when its last byte was handed to quiche (Netty exposes no pacing rate and no count of
 * send calls: those columns stay empty).
 */
public final class QuichePairing implements LoopbackPairing {
  private final boolean quicheServer;
  private final boolean quicheClient;
  private final QuicheController quicheCc;
  private final BenchTls tls;

  public QuichePairing(
      boolean quicheServer, boolean quicheClient, QuicheController quicheCc, BenchTls tls) {
    if (!quicheServer && !quicheClient) {
      throw new IllegalArgumentException("moqbed on both ends is MoqbedPairing");
    }
    this.quicheServer = quicheServer;
    this.quicheClient = quicheClient;
    this.quicheCc = quicheCc;
    this.tls = tls;
  }

  /** Whether the server, which sends, is quiche: the run's controller is then quiche's. */
  public boolean quicheSends() {
    return quicheServer;
  }

  @Override
  public String label() {
    return (quicheServer ? "quiche" : "moqbed") + "->" + (quicheClient ? "quiche" : "moqbed");
  }

  @Override
  public LoopbackResult transfer(String controller, long bytes, long timeoutMicros)
      throws IOException, TimeoutException, InterruptedException {
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    ControllerFactory controllers = ControllerRegistry.standard().parse(controller);
    QuicSettings settings = QuicSettings.DEFAULT.withController(quicheCc);
    try {
      return quicheServer
          ? fromQuiche(loopback, settings, controllers, bytes, timeoutMicros)
          : fromMoqbed(loopback, settings, controller, controllers, bytes, timeoutMicros);
    } catch (ExecutionException e) {
      throw new IllegalStateException("transfer failed: " + e.getCause().getMessage(), e);
    }
  }

  /** quiche's server sends; the client is quiche's or the project's. */
  private LoopbackResult fromQuiche(
      InetSocketAddress loopback,
      QuicSettings settings,
      ControllerFactory controllers,
      long bytes,
      long timeoutMicros)
      throws IOException, TimeoutException, InterruptedException, ExecutionException {
    CompletableFuture<QuicheBatch.Server> served = new CompletableFuture<>();
    try (QuicServer server =
        QuicServer.start(
            loopback,
            settings,
            tls.certificate(),
            BenchTls.ALPN,
            connection -> served.complete(new QuicheBatch.Server(connection)))) {
      long transferMicros;
      long clientCpu;
      long clientAllocated = -1; // known only for the project's client
      if (quicheClient) {
        QuicheBatch.Client client = new QuicheBatch.Client(bytes);
        try (QuicClient quic =
            QuicClient.connect(
                server.localAddress(),
                "localhost",
                settings,
                tls.quicheTrust(),
                BenchTls.ALPN,
                client::start)) {
          transferMicros = client.done.get(timeoutMicros, TimeUnit.MICROSECONDS);
          clientCpu = cpuMicros(quic.scheduler());
        }
      } else {
        try (UdpEndpoint endpoint =
            UdpEndpoint.bind(loopback, EndpointLimits.defaults(), tls.clientSecurity(), null)) {
          MoqbedPairing.TimedClient client = new MoqbedPairing.TimedClient(bytes);
          endpoint.connect(
              server.localAddress(), ConnectionConfig.picoquic(Role.CLIENT), controllers, client);
          client.closed.get(timeoutMicros, TimeUnit.MICROSECONDS);
          long received = endpoint.call(client::receivedBytes);
          if (received != bytes) {
            throw new IllegalStateException("received " + received + " of " + bytes + " bytes");
          }
          transferMicros = endpoint.call(client::transferMicros);
          clientCpu = MoqbedPairing.cpuMicros(endpoint);
          clientAllocated = endpoint.call(client::allocatedBytesDuringTransfer);
        }
      }
      PathStats sender = served.get(1, TimeUnit.SECONDS).lastStats;
      return new LoopbackResult(
          label(),
          quicheCc.id(),
          bytes,
          transferMicros,
          sender.packetsSent(),
          -1,
          -1,
          sender.packetsLost(),
          sender.congestionWindowBytes(),
          -1,
          QuicServer.socketLayer(),
          clientCpu + cpuMicros(server.scheduler()),
          -1,
          MoqbedPairing.perPacket(clientAllocated, sender.packetsSent()),
          SenderMeans.Means.UNKNOWN);
    }
  }

  /** The project's server sends (with {@code controller}) to quiche's client. */
  private LoopbackResult fromMoqbed(
      InetSocketAddress loopback,
      QuicSettings settings,
      String controller,
      ControllerFactory controllers,
      long bytes,
      long timeoutMicros)
      throws IOException, TimeoutException, InterruptedException, ExecutionException {
    CompletableFuture<LoopbackResult> sender = new CompletableFuture<>();
    MoqbedPairing.ResultServer server = new MoqbedPairing.ResultServer(controller, sender);
    try (UdpEndpoint endpoint =
        UdpEndpoint.bind(
            loopback,
            EndpointLimits.defaults(),
            tls.serverSecurity(),
            new UdpServerSetup(
                ConnectionConfig.picoquic(Role.SERVER), controllers, server::attach))) {
      server.socketKind = endpoint.socketKind();
      QuicheBatch.Client client = new QuicheBatch.Client(bytes);
      long transferMicros;
      long clientCpu;
      try (QuicClient quic =
          QuicClient.connect(
              endpoint.localAddress(),
              "localhost",
              settings,
              tls.quicheTrust(),
              BenchTls.ALPN,
              client::start)) {
        transferMicros = client.done.get(timeoutMicros, TimeUnit.MICROSECONDS);
        clientCpu = cpuMicros(quic.scheduler());
      }
      LoopbackResult result = sender.get(timeoutMicros, TimeUnit.MICROSECONDS);
      return new LoopbackResult(
          label(),
          result.controller(),
          bytes,
          transferMicros,
          result.datagramsSent(),
          result.flushes(),
          result.writes(),
          result.packetsLost(),
          result.congestionWindowBytes(),
          result.pacingRateBytesPerSecond(),
          result.socketKind(),
          clientCpu + MoqbedPairing.cpuMicros(endpoint),
          result.allocatedBytesPerPacket(),
          -1, // quiche's client: no allocation counter on its thread
          result.senderMeans());
    }
  }

  /** CPU time of a Netty loop's thread so far. */
  private static long cpuMicros(EventLoopScheduler loop)
      throws InterruptedException, ExecutionException {
    return loop.eventLoop()
        .submit(() -> ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000)
        .get();
  }
}
