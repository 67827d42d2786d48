package dev.moqbed.live.attack;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.SharedEventLoops;
import dev.moqbed.netty.UdpPort;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.session.KeepAlive;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
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
import dev.moqbed.transport.session.QuicTransportConnection;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTrust;
import dev.moqbed.transport.udp.UdpSecurity;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An attacker's QUIC client on the project's stack: the socket-free {@link Endpoint} hosted on a
 * plain UDP port ({@link UdpPort}) of its own address, on a loop of its own, so that after a real
 * handshake the attack writes its own packets (frames the stack would never send, in any number)
 * and the connection stops listening to the relay (its acknowledgments of forged packets would
 * otherwise make it close: it never sent them). Many connections share the one socket and loop. For
 * {@code bench attack} only.
 */
final class ForgingClient implements AutoCloseable {
  private static final int SHORT_HEADER_ID_OFFSET = 1;
  private static final int ID_BYTES = 8;

  /** A server drops a client's Initial in a smaller datagram (RFC 9000 §14.1). */
  private static final int INITIAL_DATAGRAM_BYTES = 1200;

  /**
   * An Initial's header and tag as the codec writes them: first byte, version, two 8-byte ids with
   * their lengths, an empty token, a 2-byte Length, a 4-byte packet number, the 16-byte tag.
   */
  private static final int INITIAL_OVERHEAD_BYTES = 46;

  private final SharedEventLoops loops = SharedEventLoops.startForUdp(1);
  private final EventLoopScheduler scheduler = loops.next();
  private final InetSocketAddress relay;
  private final Endpoint<Sender> endpoint;
  private final UdpPort port;

  /** Local ids of the connections that no longer listen: short headers to them are dropped. */
  private final Set<Long> deaf = ConcurrentHashMap.newKeySet();

  private volatile long datagramsSent;
  private volatile long bytesSent;
  private volatile long bytesReceived;

  private ForgingClient(InetSocketAddress local, InetSocketAddress relay, String alpn)
      throws IOException {
    this.relay = relay;
    UdpSecurity security =
        UdpSecurity.tls(
            null, ClientTlsConfig.of("localhost", List.of(alpn), ServerTrust.insecure()));
    this.endpoint =
        new Endpoint<>(
            scheduler, EndpointLimits.defaults(), security, null, new Host(), new SecureRandom());
    try {
      this.port = UdpPort.bind(scheduler, local, this::receive);
    } catch (IOException | RuntimeException e) {
      loops.close();
      throw e;
    }
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

  /** UDP payload bytes sent so far, forged or not. */
  long bytesSent() {
    return bytesSent;
  }

  /** UDP payload bytes received from the relay so far, for any connection or none. */
  long bytesReceived() {
    return bytesReceived;
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
                open(
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
                    }));
    boolean done = within(ready, timeoutMillis);
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
          EndpointConnection<Sender> opened = open(new ConnectionHandler() {});
          opened.sender().pass(); // now: forgetting the connection stops its sender
          opened.fail(new IllegalStateException("an attacker's Initial, sent once"));
          return null;
        });
  }

  /**
   * Opens a connection that never sends its own Initial, so the relay never sees its ClientHello,
   * and sends each packet of {@code packets} as an Initial in a datagram of its own, padded to the
   * 1,200 bytes a server requires; then forgets the connection.
   */
  void forgeInitials(List<List<Frame>> packets) throws Exception {
    onLoop(
        () -> {
          EndpointConnection<Sender> opened = open(new ConnectionHandler() {});
          opened.sender().stop();
          long number = 0;
          for (List<Frame> frames : packets) {
            List<Frame> padded = new ArrayList<>(frames);
            int used = INITIAL_OVERHEAD_BYTES;
            for (Frame frame : frames) {
              used += frame.sizeBytes();
            }
            if (used < INITIAL_DATAGRAM_BYTES) {
              padded.add(new Frame.Padding(INITIAL_DATAGRAM_BYTES - used));
            }
            QuicPacket packet = new QuicPacket(PacketSpace.INITIAL, number++, 4, padded, 0);
            transmit(opened.codec().encode(List.of(packet)), relay);
          }
          opened.fail(new IllegalStateException("an attacker's connection, its Initials forged"));
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

  /**
   * Opens a MoQT session on a new connection that sets up and then holds nothing, sending only a
   * keep-alive every {@code keepAliveMicros}: a session slot for the price of a PING.
   *
   * @return whether the relay completed the setup within {@code timeoutMillis}
   */
  boolean holdIdleSession(long timeoutMillis, long keepAliveMicros) throws Exception {
    EndpointConnection<Sender> connection = handshake(timeoutMillis);
    if (connection == null) {
      return false;
    }
    CompletableFuture<Boolean> setUp = new CompletableFuture<>();
    onLoop(
        () -> {
          QuicTransportConnection transport =
              new QuicTransportConnection(connection.connection(), "attacker");
          MoqtSession session =
              MoqtSession.client(
                  transport,
                  new MoqtSessionListener() {
                    @Override
                    public void onReady(MoqtSession ready) {
                      setUp.complete(true);
                    }

                    @Override
                    public void onClosed(MoqtSession closed, SessionClose close) {
                      setUp.complete(false);
                    }
                  },
                  RelayNode.VERSION);
          KeepAlive.start(scheduler, session, keepAliveMicros);
          return null;
        });
    return within(setUp, timeoutMillis);
  }

  /** A client connection to the relay, opened on the loop; its sender sends the first Initial. */
  private EndpointConnection<Sender> open(ConnectionHandler handler) {
    return endpoint.connect(
        relay,
        ConnectionConfig.builder(Role.CLIENT).build(),
        ControllerRegistry.standard().parse("cubic"),
        handler,
        PacketTaps.NONE);
  }

  /** The outcome within {@code timeoutMillis}; false when it did not come. */
  private static boolean within(CompletableFuture<Boolean> outcome, long timeoutMillis)
      throws Exception {
    try {
      return outcome.get(timeoutMillis, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return false;
    }
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

  /** On the loop: a datagram from the relay, dropped when it is for a connection gone deaf. */
  private void receive(InetSocketAddress from, ByteBuffer payload) {
    bytesReceived += payload.remaining();
    if (payload.remaining() > SHORT_HEADER_ID_OFFSET + ID_BYTES
        && (payload.get(payload.position()) & 0x80) == 0
        && deaf.contains(payload.getLong(payload.position() + SHORT_HEADER_ID_OFFSET))) {
      return;
    }
    byte[] copy = new byte[payload.remaining()];
    payload.get(copy);
    endpoint.receive(ByteBuffer.wrap(copy), from, EcnMark.NOT_ECT);
  }

  private void transmit(ByteBuffer datagram, InetSocketAddress to) {
    byte[] bytes = new byte[datagram.remaining()];
    datagram.get(bytes);
    if (port.send(to, bytes, bytes.length)) {
      datagramsSent++;
      bytesSent += bytes.length;
    }
    // refused while the socket's buffer is full: an attacker does not care
  }

  @Override
  public void close() {
    try {
      onLoop(
          () -> {
            endpoint.removeAll();
            return null;
          });
    } catch (Exception e) {
      // the loop is going away anyway
    } finally {
      port.close();
      loops.close();
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

    /** Sends what the connection has to send now. */
    void pass() {
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
