package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.TransportParameters;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ConnectionPair}, both ends ready, for tests that act as a hostile client: frames are
 * injected into the server as 1-RTT packets the client never sent.
 */
final class ReadyPair {
  /** Records how its connection closed. */
  static final class CloseRecorder implements ConnectionHandler {
    long closedWith = -1;

    @Override
    public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
      closedWith = errorCode;
    }
  }

  final VirtualScheduler scheduler;
  final CloseRecorder clientSide = new CloseRecorder();
  final QuicConnection client;
  final QuicConnection server;
  final ConnectionDriver serverDriver;
  private long nextPacketNumber = 5_000;

  /** Every frame the server sent the client, in order. */
  final List<Frame> toClient = new ArrayList<>();

  /** The size of each datagram the server sent that carried a PATH_CHALLENGE or PATH_RESPONSE. */
  final List<Integer> pathFrameDatagramBytes = new ArrayList<>();

  /** The numbers of the 1-RTT packets the server sent, in order. */
  final List<Long> applicationNumbers = new ArrayList<>();

  /**
   * While true, what the server sends is recorded and dropped: the server acknowledges the injected
   * packets, which the real client never sent and would (rightly) close over.
   */
  boolean clientDeaf;

  /**
   * @throws IllegalStateException when the handshake does not complete within 2 s
   */
  ReadyPair() {
    ConnectionPair pair = ConnectionPair.builder().dropToClient(this::seenByClient).build();
    scheduler = pair.scheduler;
    client = pair.client;
    server = pair.server;
    client.setHandler(clientSide);
    server.setHandler(new CloseRecorder());
    serverDriver = pair.start().serverDriver();
    scheduler.runWhile(
        () ->
            client.state() != QuicConnection.State.READY
                || server.state() != QuicConnection.State.READY,
        2_000_000);
    if (server.state() != QuicConnection.State.READY) {
      throw new IllegalStateException("the handshake did not complete: " + server.state());
    }
  }

  /**
   * Makes the server hold its client to the limits it advertised, as after a real handshake: the
   * modelled handshake declares none (the simulator's peers keep to them anyway), so flow control
   * and stream counts are not enforced until this. A hook by reflection: {@code QuicConnection} has
   * no room for a test-only method, and the simulator must never call one.
   */
  ReadyPair withLiveLimits() {
    TransportParameters declared =
        new TransportParameters()
            .initialMaxData(TransportDefaults.INITIAL_MAX_DATA_BYTES)
            .initialMaxStreamDataBidiLocal(
                TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES)
            .initialMaxStreamDataBidiRemote(
                TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES)
            .initialMaxStreamDataUni(TransportDefaults.INITIAL_MAX_STREAM_DATA_UNI_BYTES)
            .initialMaxStreamsBidi(TransportDefaults.INITIAL_MAX_STREAMS_BIDI)
            .initialMaxStreamsUni(TransportDefaults.INITIAL_MAX_STREAMS_UNI);
    try {
      Field streams = QuicConnection.class.getDeclaredField("streams");
      streams.setAccessible(true);
      ((StreamTable) streams.get(server)).applyPeerParameters(declared);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("QuicConnection.streams moved: update ReadyPair", e);
    }
    return this;
  }

  private boolean seenByClient(Datagram datagram) {
    List<QuicPacket> packets = QuicPackets.in(datagram);
    packets.forEach(packet -> toClient.addAll(packet.frames()));
    if (packets.stream()
        .flatMap(packet -> packet.frames().stream())
        .anyMatch(f -> f instanceof Frame.PathResponse || f instanceof Frame.PathChallenge)) {
      pathFrameDatagramBytes.add(datagram.sizeBytes());
    }
    packets.stream()
        .filter(packet -> packet.space() == PacketSpace.APPLICATION)
        .forEach(packet -> applicationNumbers.add(packet.packetNumber()));
    return clientDeaf;
  }

  /** The server receives a 1-RTT packet of {@code frames} as if from the client. */
  void inject(Frame... frames) {
    inject(List.of(frames));
  }

  /** The server receives a 1-RTT packet of {@code frames} as if from the client. */
  void inject(List<Frame> frames) {
    QuicPacket forged =
        new QuicPacket(PacketSpace.APPLICATION, nextPacketNumber++, 2, List.copyOf(frames), 60);
    serverDriver.receive(
        scheduler.nowMicros(),
        new Datagram(0, 1, 0, 60, EcnMark.NOT_ECT, new QuicPackets(List.of(forged))));
  }

  /** How the client saw the connection end, after at most 5 s; -1 while it has not. */
  long clientClosedWith() {
    scheduler.runWhile(() -> clientSide.closedWith < 0, 5_000_000);
    return clientSide.closedWith;
  }
}
