package dev.moqbed.live.attack;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.endpoint.ConnectionSender;
import dev.moqbed.transport.endpoint.Endpoint;
import dev.moqbed.transport.endpoint.EndpointConnection;
import dev.moqbed.transport.endpoint.EndpointHost;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTrust;
import dev.moqbed.transport.udp.UdpSecurity;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.security.SecureRandom;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * An attacker's QUIC client on the project's stack: the socket-free {@link Endpoint} hosted on a
 * plain socket of its own address, so that after a real handshake the attack writes its own packets
 * (frames the stack would never send, in any number) and the connection stops listening to the
 * relay (its acknowledgments of forged packets would otherwise make it close: it never sent them).
 * Many connections share the one socket and loop. For {@code bench attack} only.
 */
final class ForgingClient implements AutoCloseable {
  private static final int SHORT_HEADER_ID_OFFSET = 1;
  private static final int ID_BYTES = 8;

  private final DatagramChannel channel;
  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoopScheduler scheduler = new EventLoopScheduler(group.next());
  private final InetSocketAddress relay;
  private final Endpoint<Sender> endpoint;
  private final Thread reader;

  /** Local ids of the connections that no longer listen: short headers to them are dropped. */
  private final Set<Long> deaf = ConcurrentHashMap.newKeySet();

  private volatile long datagramsSent;

  private ForgingClient(InetSocketAddress local, InetSocketAddress relay, String alpn)
      throws IOException {
    this.relay = relay;
    this.channel = DatagramChannel.open().bind(local);
    UdpSecurity security =
        UdpSecurity.tls(
            null, ClientTlsConfig.of("localhost", List.of(alpn), ServerTrust.insecure()));
    this.endpoint =
        new Endpoint<>(
            scheduler, EndpointLimits.defaults(), security, null, new Host(), new SecureRandom());
    this.reader = new Thread(this::read, "moqbed-attacker-" + local);
    reader.setDaemon(true);
    reader.start();
  }

  /** A client bound to {@code local} (port 0: any) that attacks {@code relay}. */
  static ForgingClient open(InetSocketAddress local, InetSocketAddress relay, String alpn)
      throws IOException {
    return new ForgingClient(local, relay, alpn);
  }

  /** Datagrams sent so far, forged or not. */
  long datagramsSent() {
    return datagramsSent;
  }

  /**
   * Opens a connection and waits for its handshake.
   *
   * @return the connection, or null when it did not become ready within {@code timeoutMillis}
   */
  EndpointConnection<Sender> handshake(long timeoutMillis) throws Exception {
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    EndpointConnection<Sender> opened =
        onLoop(
            () ->
                endpoint.connect(
                    relay,
                    ConnectionConfig.builder(Role.CLIENT).build(),
                    ControllerRegistry.standard().parse("cubic"),
                    new ConnectionHandler() {
                      @Override
                      public void onReady(QuicConnection connection, long nowMicros) {
                        ready.complete(true);
                      }

                      @Override
                      public void onClosed(
                          QuicConnection connection, long nowMicros, long errorCode) {
                        ready.complete(false);
                      }
                    },
                    PacketTaps.NONE));
    boolean done;
    try {
      done = ready.get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      done = false;
    }
    if (!done) {
      drop(opened);
      return null;
    }
    return opened;
  }

  /**
   * Sends only the first datagram of a new connection (its Initial with a real ClientHello), then
   * forgets the connection: what a flood of Initials from one address looks like to the relay.
   */
  void sendFirstInitial() throws Exception {
    onLoop(
        () -> {
          EndpointConnection<Sender> opened =
              endpoint.connect(
                  relay,
                  ConnectionConfig.builder(Role.CLIENT).build(),
                  ControllerRegistry.standard().parse("cubic"),
                  new ConnectionHandler() {},
                  PacketTaps.NONE);
          opened.fail(new IllegalStateException("an attacker's Initial, sent once"));
          return null;
        });
  }

  /**
   * Stops {@code connection}'s own sending and listening, and sends each packet of {@code packets}
   * (1-RTT, numbered on from a number far above what the connection sent) as a datagram.
   */
  void forge(EndpointConnection<Sender> connection, List<List<Frame>> packets) throws Exception {
    onLoop(
        () -> {
          Sender sender = connection.sender();
          sender.stop();
          deaf.add(keyOf(connection));
          for (List<Frame> frames : packets) {
            QuicPacket packet =
                new QuicPacket(PacketSpace.APPLICATION, sender.nextForged++, 4, frames, 0);
            transmit(connection.codec().encode(List.of(packet)), relay);
          }
          return null;
        });
  }

  /** Forgets {@code connection} without a word to the relay. */
  void drop(EndpointConnection<Sender> connection) throws Exception {
    onLoop(
        () -> {
          connection.fail(new IllegalStateException("dropped by the attacker"));
          deaf.remove(keyOf(connection));
          return null;
        });
  }

  private static long keyOf(EndpointConnection<?> connection) {
    return ByteBuffer.wrap(connection.ids().local().toByteArray()).getLong();
  }

  private <T> T onLoop(Callable<T> task) throws Exception {
    CompletableFuture<T> result = new CompletableFuture<>();
    scheduler.execute(
        () -> {
          try {
            result.complete(task.call());
          } catch (Throwable e) {
            result.completeExceptionally(e);
          }
        });
    return result.get(10, TimeUnit.SECONDS);
  }

  private void read() {
    ByteBuffer buffer = ByteBuffer.allocate(65_536);
    while (channel.isOpen()) {
      try {
        buffer.clear();
        InetSocketAddress from = (InetSocketAddress) channel.receive(buffer);
        buffer.flip();
        if (buffer.remaining() > SHORT_HEADER_ID_OFFSET + ID_BYTES
            && (buffer.get(0) & 0x80) == 0
            && deaf.contains(buffer.getLong(SHORT_HEADER_ID_OFFSET))) {
          continue;
        }
        byte[] copy = new byte[buffer.remaining()];
        buffer.get(copy);
        scheduler.execute(() -> endpoint.receive(ByteBuffer.wrap(copy), from, EcnMark.NOT_ECT));
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        // an ICMP error read back from a closed port: keep reading
      }
    }
  }

  private void transmit(ByteBuffer datagram, InetSocketAddress to) {
    try {
      channel.send(datagram, to);
      datagramsSent++;
    } catch (IOException e) {
      // the relay's socket may refuse for a moment under load: an attacker does not care
    }
  }

  @Override
  public void close() throws IOException {
    try {
      onLoop(
          () -> {
            endpoint.removeAll();
            return null;
          });
    } catch (Exception e) {
      // the loop is going away anyway
    } finally {
      channel.close();
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
  }

  private final class Host implements EndpointHost<Sender> {
    @Override
    public void transmit(ByteBuffer datagram, InetSocketAddress to) {
      ForgingClient.this.transmit(datagram, to);
    }

    @Override
    public Sender attach(EndpointConnection<Sender> connection) {
      return new Sender(connection);
    }
  }

  /** Sends what a connection has to send, until the attack takes over its packets. */
  final class Sender implements ConnectionSender {
    private final EndpointConnection<Sender> routed;
    private final QuicConnection connection;
    private TimerHandle wake;
    private boolean scheduled;
    private boolean stopped;

    /** The number of the next forged packet: far above any the connection sent itself. */
    private long nextForged = 1_000_000;

    Sender(EndpointConnection<Sender> routed) {
      this.routed = routed;
      this.connection = routed.connection();
      connection.setWakeListener(this::schedule);
    }

    @Override
    public void schedule() {
      if (!scheduled && !stopped) {
        scheduled = true;
        scheduler.execute(this::pass);
      }
    }

    @Override
    public void stop() {
      stopped = true;
      if (wake != null) {
        wake.cancel();
      }
    }

    private void pass() {
      scheduled = false;
      if (stopped) {
        return;
      }
      long now = scheduler.nowMicros();
      Datagram datagram;
      while ((datagram = connection.poll(now)) != null) {
        ByteBuffer payload = routed.codec().encode(datagram);
        if (payload.hasRemaining()) {
          transmit(payload, routed.remoteAddress());
        }
      }
      routed.afterPass();
      if (stopped) {
        return;
      }
      long wakeAt = connection.nextWakeMicros(now);
      if (wake != null) {
        wake.cancel();
        wake = null;
      }
      if (wakeAt != Long.MAX_VALUE) {
        wake = scheduler.scheduleAt(Math.max(wakeAt, now + 1), this::schedule);
      }
    }
  }
}
