package dev.moqbed.transport.udp;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.endpoint.ConnectionSender;
import dev.moqbed.transport.endpoint.EndpointConnection;
import dev.moqbed.transport.quic.QuicConnection;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * One connection of a {@link UdpEndpoint}: the socket-free {@link EndpointConnection} and the pump
 * that sends its datagrams on the endpoint's channel. Everything here runs on the endpoint's event
 * loop; the application reaches the connection from its handler's callbacks, or through {@link
 * UdpEndpoint#call} from another thread.
 *
 * <p>Received datagrams carry no ECN mark into the connection ({@link EcnMark#NOT_ECT}): neither
 * Netty's NIO nor its epoll datagram channel reports the IP header's ECN bits of a received
 * datagram, so the connection's ECN counts stay zero on a real socket.
 */
public final class UdpConnection implements ConnectionSender {
  private final UdpEndpoint endpoint;
  private final EndpointConnection<UdpConnection> routed;
  private final SendPump pump;
  private final CompletableFuture<UdpConnection> removed = new CompletableFuture<>();

  UdpConnection(UdpEndpoint endpoint, EndpointConnection<UdpConnection> routed) {
    this.endpoint = endpoint;
    this.routed = routed;
    this.pump =
        new SendPump(
            endpoint.scheduler(),
            this,
            routed.codec(),
            endpoint.channel(),
            endpoint.flusher(),
            endpoint.wakeups(),
            routed.tap());
  }

  public QuicConnection connection() {
    return routed.connection();
  }

  /** The loop of the endpoint that owns the connection: every callback runs there. */
  public EventLoopScheduler scheduler() {
    return endpoint.scheduler();
  }

  public InetSocketAddress remoteAddress() {
    return routed.remoteAddress();
  }

  /** The ids the connection's packets carry now (the remote one as learnt from the peer). */
  public ConnectionIds ids() {
    return routed.ids();
  }

  /** Completes when the endpoint has freed the connection: closed either way, or idle. */
  public CompletableFuture<UdpConnection> whenRemoved() {
    return removed;
  }

  /** Datagrams this connection wrote. */
  public long datagramsSent() {
    return pump.datagramsSent();
  }

  /** UDP payload bytes this connection wrote. */
  public long bytesSent() {
    return pump.bytesSent();
  }

  /**
   * Send passes of this connection's pump that wrote datagrams: datagrams per batch is what the
   * pacer and the window let out at once (the endpoint flushes the batches of many connections
   * together).
   */
  public long batches() {
    return pump.batches();
  }

  /** Writes to the channel: datagrams, or under GSO runs of datagrams sent as one. */
  public long writes() {
    return pump.writes();
  }

  /** Packets of received datagrams that did not open (another id, or failed to open). */
  public long packetsDropped() {
    return routed.codec().packetsDropped();
  }

  /** What the endpoint keeps for the connection. */
  EndpointConnection<UdpConnection> routed() {
    return routed;
  }

  @Override
  public void schedule() {
    pump.schedule();
  }

  @Override
  public void onRemoteAddressChanged(InetSocketAddress remote) {
    pump.retarget(remote);
  }

  /** The endpoint freed the connection. */
  @Override
  public void stop() {
    pump.stop();
    endpoint.stopWaitingForWritable(this);
    removed.complete(this);
  }

  /** After each send pass. */
  void afterPass() {
    routed.afterPass();
  }

  /** The transport threw during a pass: a bug, not the peer's doing. */
  void fail(RuntimeException error) {
    routed.fail(error);
  }

  void awaitWritable() {
    endpoint.awaitWritable(this);
  }
}
