package dev.moqbed.transport.tls;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.Role;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One whole QUIC handshake in memory between a client and a server that uses {@code tls}, before a
 * server takes its first real client: a JVM's first handshake loads and compiles the TLS, AEAD,
 * key-exchange and signature code, which took 0.6 to 1.5 s on a loaded 2-core host, long enough for
 * a client with a 2 s idle timeout (the live clients' liveness timeout) to give up on a freshly
 * started relay. Rehearsed once at start, the first client's handshake takes what any other does.
 * No socket, no thread, no clock: a virtual millisecond per exchange.
 */
public final class HandshakeRehearsal {
  private static final long STEP_MICROS = 1_000;
  private static final long LIMIT_MICROS = 5_000_000;

  private HandshakeRehearsal() {}

  /**
   * Runs the handshake; true when both ends became ready (false would mean the server's
   * configuration cannot complete one, which a real client would then find out too).
   */
  public static boolean run(ServerTlsContext tls, String alpn, ControllerFactory controller) {
    ConnectionIds clientIds = ConnectionIds.randomForClient(new SplittableRandom(1));
    QuicEndpoint client =
        QuicEndpointFactory.client(
            ConnectionConfig.picoquic(Role.CLIENT),
            ClientTlsConfig.of("localhost", List.of(alpn), ServerTrust.insecure()),
            clientIds,
            controller,
            new SplittableRandom(2),
            0);
    QuicEndpoint server =
        QuicEndpointFactory.server(
            ConnectionConfig.picoquic(Role.SERVER),
            tls,
            clientIds.peer(),
            clientIds.remote(),
            controller,
            new SplittableRandom(3),
            0);
    ConnectionHandler quiet = new ConnectionHandler() {};
    client.connection().setHandler(quiet);
    server.connection().setHandler(quiet);
    ArrayDeque<byte[]> toServer = new ArrayDeque<>();
    ArrayDeque<byte[]> toClient = new ArrayDeque<>();
    for (long now = 0; now <= LIMIT_MICROS; now += STEP_MICROS) {
      drain(client, now, toServer);
      drain(server, now, toClient);
      deliver(toServer, server, now);
      deliver(toClient, client, now);
      if (client.connection().isReady() && server.connection().isReady()) {
        return true;
      }
    }
    return false;
  }

  private static void drain(QuicEndpoint from, long now, ArrayDeque<byte[]> path) {
    ByteBuffer datagram;
    while ((datagram = from.poll(now)) != null) {
      byte[] bytes = new byte[datagram.remaining()];
      datagram.get(bytes);
      path.add(bytes);
    }
  }

  private static void deliver(ArrayDeque<byte[]> path, QuicEndpoint to, long now) {
    byte[] bytes;
    while ((bytes = path.poll()) != null) {
      to.receive(now, ByteBuffer.wrap(bytes), EcnMark.NOT_ECT);
    }
  }
}
