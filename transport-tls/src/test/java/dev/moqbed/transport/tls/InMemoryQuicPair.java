package dev.moqbed.transport.tls;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.wire.ConnectionId;
import java.nio.ByteBuffer;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;

/**
 * Two real QUIC endpoints joined by an in-memory path in virtual time: each datagram is copied and
 * arrives {@link #ONE_WAY_DELAY_MICROS} later, unless the direction's drop rule picks its index (0
 * = the first datagram sent that way); the tamper rule flips its last byte (the AEAD tag of its
 * last packet). Deterministic: no clock, no thread, fixed seeds.
 */
final class InMemoryQuicPair {
  static final long ONE_WAY_DELAY_MICROS = 10_000;

  static final ConnectionId CLIENT_ID = ConnectionId.of(new byte[] {1, 1, 2, 3, 5, 8, 13, 21});
  static final ConnectionId SERVER_ID = ConnectionId.of(new byte[] {7, 6, 5, 4, 3, 2, 1, 0});

  final QuicEndpoint client;
  final QuicEndpoint server;
  final RecordingApplication clientApp = new RecordingApplication();
  final RecordingApplication serverApp = new RecordingApplication();

  IntPredicate dropToServer = index -> false;
  IntPredicate dropToClient = index -> false;
  IntPredicate tamperToServer = index -> false;
  int dropped;

  /** The client is not polled: it still receives, but sends nothing. */
  boolean clientMuted;

  long now;

  private final int[] sent = new int[2];
  private long sequence;
  private final PriorityQueue<InFlight> inFlight =
      new PriorityQueue<>(
          (a, b) ->
              a.deliverAt != b.deliverAt
                  ? Long.compare(a.deliverAt, b.deliverAt)
                  : Long.compare(a.sequence, b.sequence));

  private record InFlight(long deliverAt, long sequence, boolean toServer, byte[] bytes) {}

  InMemoryQuicPair(
      ConnectionConfig clientConfig,
      ClientTlsConfig clientTls,
      ConnectionConfig serverConfig,
      ServerTlsContext serverTls) {
    ConnectionIds clientIds = new ConnectionIds(CLIENT_ID, SERVER_ID);
    client =
        QuicEndpointFactory.client(
            clientConfig,
            clientTls,
            clientIds,
            ControllerRegistry.standard().parse("c4"),
            new SplittableRandom(1),
            0);
    server =
        QuicEndpointFactory.server(
            serverConfig,
            serverTls,
            clientIds.peer(),
            SERVER_ID,
            ControllerRegistry.standard().parse("c4"),
            new SplittableRandom(2),
            0);
    client.connection().setHandler(clientApp);
    server.connection().setHandler(serverApp);
  }

  /** Runs until {@code done} holds or virtual time passes {@code limitMicros}; returns done. */
  boolean runUntil(BooleanSupplier done, long limitMicros) {
    while (now <= limitMicros) {
      if (!clientMuted) {
        send(client, true);
      }
      send(server, false);
      if (done.getAsBoolean()) {
        return true;
      }
      long next =
          Math.min(
              client.connection().nextWakeMicros(now), server.connection().nextWakeMicros(now));
      if (!inFlight.isEmpty()) {
        next = Math.min(next, inFlight.peek().deliverAt);
      }
      // Never past the limit: a later call goes on from there (an idle timer may be far off).
      now = Math.max(now + 1, Math.min(next, limitMicros + 1));
      while (!inFlight.isEmpty() && inFlight.peek().deliverAt <= now) {
        InFlight datagram = inFlight.poll();
        QuicEndpoint to = datagram.toServer ? server : client;
        to.receive(now, ByteBuffer.wrap(datagram.bytes), EcnMark.NOT_ECT);
      }
    }
    return done.getAsBoolean();
  }

  private void send(QuicEndpoint from, boolean toServer) {
    ByteBuffer payload;
    while ((payload = from.poll(now)) != null) {
      byte[] bytes = new byte[payload.remaining()];
      payload.get(bytes);
      int index = sent[toServer ? 0 : 1]++;
      if ((toServer ? dropToServer : dropToClient).test(index)) {
        dropped++;
        continue;
      }
      if (toServer && tamperToServer.test(index)) {
        bytes[bytes.length - 1] ^= 0x01;
      }
      inFlight.add(new InFlight(now + ONE_WAY_DELAY_MICROS, sequence++, toServer, bytes));
    }
  }

  /** Datagrams sent towards the server (dropped ones included). */
  int sentToServer() {
    return sent[0];
  }
}
