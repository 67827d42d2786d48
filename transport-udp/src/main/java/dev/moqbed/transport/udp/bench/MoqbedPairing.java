package dev.moqbed.transport.udp.bench;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.quicperf.BatchClient;
import dev.moqbed.quicperf.BatchServer;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionStats;
import dev.moqbed.transport.quic.ForwardingConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.udp.UdpConnection;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpSecurity;
import dev.moqbed.transport.udp.UdpServerSetup;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The project's stack on both ends, each on its own endpoint and event-loop thread: real QUIC v1
 * (TLS 1.3) with a {@link BenchTls}, or, when asked for, the codec's null protection (the modelled
 * handshake: not QUIC, a measurement of the transport and the driver only). The client asks for the
 * bytes in a quicperf batch request ({@link BatchClient}), the server answers on the same stream
 * ({@link BatchServer}); the client's controller is the same as the server's, though it sends
 * little.
 */
public final class MoqbedPairing implements LoopbackPairing {
  private static final long REQUEST_BYTES = 397; // quicperf's batch request

  private final BenchTls tls;

  /**
   * @param tls the certificate for real QUIC, or null for the null protection (not QUIC)
   */
  public MoqbedPairing(BenchTls tls) {
    this.tls = tls;
  }

  @Override
  public String label() {
    return tls == null ? "moqbed->moqbed (null protection)" : "moqbed->moqbed";
  }

  @Override
  public LoopbackResult transfer(String controller, long bytes, long timeoutMicros)
      throws IOException, TimeoutException, InterruptedException {
    ControllerFactory controllers = ControllerRegistry.standard().parse(controller);
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    CompletableFuture<LoopbackResult> sender = new CompletableFuture<>();
    ResultServer server = new ResultServer(controller, sender);
    try (UdpEndpoint serverEndpoint =
            UdpEndpoint.bind(
                loopback,
                EndpointLimits.defaults(),
                tls == null ? UdpSecurity.nullProtection() : tls.serverSecurity(),
                new UdpServerSetup(
                    ConnectionConfig.picoquic(Role.SERVER),
                    controllers,
                    accepted -> server.attach(accepted)));
        UdpEndpoint clientEndpoint =
            UdpEndpoint.bind(
                loopback,
                EndpointLimits.defaults(),
                tls == null ? UdpSecurity.nullProtection() : tls.clientSecurity(),
                null)) {
      server.socketKind = serverEndpoint.socketKind();
      TimedClient client = new TimedClient(bytes);
      clientEndpoint.connect(
          serverEndpoint.localAddress(),
          ConnectionConfig.picoquic(Role.CLIENT),
          controllers,
          client);
      LoopbackResult result = sender.get(timeoutMicros, TimeUnit.MICROSECONDS);
      long transfer = clientEndpoint.call(client::transferMicros);
      long received = clientEndpoint.call(client::receivedBytes);
      long cpuMicros = cpuMicros(serverEndpoint) + cpuMicros(clientEndpoint);
      long receiverAllocated = clientEndpoint.call(client::allocatedBytesDuringTransfer);
      if (received != bytes) {
        throw new IllegalStateException("received " + received + " of " + bytes + " bytes");
      }
      return new LoopbackResult(
          label(),
          result.controller(),
          bytes,
          transfer,
          result.datagramsSent(),
          result.flushes(),
          result.writes(),
          result.packetsLost(),
          result.congestionWindowBytes(),
          result.pacingRateBytesPerSecond(),
          result.socketKind(),
          cpuMicros,
          result.allocatedBytesPerPacket(),
          perPacket(receiverAllocated, result.datagramsSent()),
          result.senderMeans());
    } catch (ExecutionException e) {
      throw new IllegalStateException("transfer failed: " + e.getCause().getMessage(), e);
    }
  }

  /** Bytes per datagram, or -1 when the bytes or the datagrams are not known. */
  static double perPacket(long bytes, long datagrams) {
    return bytes < 0 || datagrams <= 0 ? -1 : (double) bytes / datagrams;
  }

  /** Bytes the calling thread allocated so far (HotSpot's per-thread counter). */
  static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /** CPU time of the endpoint's event-loop thread so far (it serves this one run). */
  static long cpuMicros(UdpEndpoint endpoint) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    return endpoint.call(() -> threads.getCurrentThreadCpuTime() / 1_000);
  }

  /** The client's batch request, timed from its departure to the last response byte. */
  static final class TimedClient extends ForwardingConnectionHandler {
    /** Completes when the client closed, having received everything or not. */
    final CompletableFuture<Void> closed = new CompletableFuture<>();

    private final BatchClient batch;
    private long requestMicros = -1;
    private long allocatedAtRequest = -1;
    private long allocatedAtLastByte = -1;

    TimedClient(long responseBytes) {
      this(new BatchClient(REQUEST_BYTES, responseBytes));
    }

    private TimedClient(BatchClient batch) {
      super(batch);
      this.batch = batch;
    }

    @Override
    public void onReady(QuicConnection connection, long nowMicros) {
      if (requestMicros < 0) {
        requestMicros = nowMicros;
        allocatedAtRequest = allocatedBytes();
      }
      super.onReady(connection, nowMicros);
    }

    @Override
    public void onStreamData(
        QuicConnection connection,
        long nowMicros,
        long streamId,
        long offset,
        int length,
        ByteSlice data,
        boolean fin) {
      super.onStreamData(connection, nowMicros, streamId, offset, length, data, fin);
      if (allocatedAtLastByte < 0 && batch.completedMicros() >= 0) {
        allocatedAtLastByte = allocatedBytes();
      }
    }

    @Override
    public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
      super.onClosed(connection, nowMicros, errorCode);
      closed.complete(null);
    }

    /** What the client's loop allocated from the request to the last byte; -1 before it. */
    long allocatedBytesDuringTransfer() {
      return allocatedAtLastByte < 0 ? -1 : allocatedAtLastByte - allocatedAtRequest;
    }

    long receivedBytes() {
      return batch.receivedBytes();
    }

    long transferMicros() {
      return batch.completedMicros() - requestMicros;
    }
  }

  /** The batch server of one connection; reads the sender's figures when the client closes. */
  static final class ResultServer extends ForwardingConnectionHandler {
    private final String controller;
    private final CompletableFuture<LoopbackResult> result;
    private UdpConnection connection;
    private long allocatedAtRequest = -1;
    private long datagramsAtRequest;
    private final SenderMeans means = new SenderMeans();
    String socketKind;

    ResultServer(String controller, CompletableFuture<LoopbackResult> result) {
      super(new BatchServer());
      this.controller = controller;
      this.result = result;
    }

    ResultServer attach(UdpConnection accepted) {
      if (connection != null) {
        throw new IllegalStateException("the bench serves one connection");
      }
      connection = accepted;
      accepted.connection().setAckListener(means);
      return this;
    }

    @Override
    public void onStreamData(
        QuicConnection quic,
        long nowMicros,
        long streamId,
        long offset,
        int length,
        ByteSlice data,
        boolean fin) {
      if (allocatedAtRequest < 0) { // on the loop: the steady state starts with the request
        allocatedAtRequest = allocatedBytes();
        datagramsAtRequest = connection.datagramsSent();
        means.start();
      }
      super.onStreamData(quic, nowMicros, streamId, offset, length, data, fin);
    }

    @Override
    public void onClosed(QuicConnection quic, long nowMicros, long errorCode) {
      CongestionController cc = quic.controller();
      ConnectionStats stats = quic.stats();
      long datagrams = connection.datagramsSent() - datagramsAtRequest;
      double allocated =
          perPacket(allocatedAtRequest < 0 ? -1 : allocatedBytes() - allocatedAtRequest, datagrams);
      result.complete(
          new LoopbackResult(
              "",
              controller,
              0,
              0,
              connection.datagramsSent(),
              connection.batches(),
              connection.writes(),
              stats.packetsLost(),
              cc.congestionWindowBytes(),
              cc.pacingRateBytesPerSecond(),
              socketKind,
              0,
              allocated,
              -1, // the receiver's: measured on the client's loop
              means.means()));
    }
  }
}
