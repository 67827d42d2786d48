package dev.moqbed.netsim;

import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** A two-node network on a virtual scheduler, recording every delivery and drop. */
final class NetworkHarness implements NetworkListener {
  /** One delivered datagram. */
  record Delivery(
      long atMicros,
      LinkDirection direction,
      int sequence,
      long submittedMicros,
      Datagram datagram) {}

  /** One dropped datagram. */
  record Drop(long atMicros, LinkDirection direction, int sequence, LinkDropReason reason) {}

  final VirtualScheduler scheduler;
  final TwoNodeNetwork network;
  final List<Delivery> deliveries = new ArrayList<>();
  final List<Drop> drops = new ArrayList<>();
  final List<long[]> phaseChanges = new ArrayList<>();

  NetworkHarness(LinkSchedule schedule) {
    this(schedule, null);
  }

  NetworkHarness(LinkSchedule schedule, UnaryOperator<NetworkConfig.Builder> setup) {
    scheduler = new VirtualScheduler();
    NetworkConfig.Builder builder = NetworkConfig.builder(schedule).listener(this);
    if (setup != null) {
      builder = setup.apply(builder);
    }
    network = new TwoNodeNetwork(scheduler, builder.build());
    network.attach(TwoNodeNetwork.SERVER_NODE, (now, datagram) -> {});
    network.attach(TwoNodeNetwork.CLIENT_NODE, (now, datagram) -> {});
  }

  /** The sequence number a datagram of {@link #datagram} carries. */
  static int sequence(Datagram datagram) {
    return ((SequenceNumber) datagram.payload()).value();
  }

  /** A datagram whose payload is its sequence number. */
  static Datagram datagram(LinkDirection direction, int flow, int sizeBytes, EcnMark ecn, int seq) {
    return new Datagram(
        direction.sourceNode(),
        direction.destinationNode(),
        flow,
        sizeBytes,
        ecn,
        new SequenceNumber(seq));
  }

  /** Sends at {@code atMicros} (runs the scheduler up to then first). */
  void sendAt(
      long atMicros, LinkDirection direction, int flow, int sizeBytes, EcnMark ecn, int seq) {
    scheduler.runUntil(atMicros);
    network.send(datagram(direction, flow, sizeBytes, ecn, seq));
  }

  void sendAt(long atMicros, LinkDirection direction, int sizeBytes, int seq) {
    sendAt(atMicros, direction, 0, sizeBytes, EcnMark.NOT_ECT, seq);
  }

  List<Delivery> deliveries(LinkDirection direction) {
    return deliveries.stream().filter(d -> d.direction() == direction).toList();
  }

  Delivery delivery(int sequence) {
    return deliveries.stream()
        .filter(d -> d.sequence() == sequence)
        .findFirst()
        .orElseThrow(() -> new AssertionError("packet " + sequence + " was not delivered"));
  }

  @Override
  public void onDelivered(
      long nowMicros,
      LinkDirection direction,
      Datagram datagram,
      long submittedMicros,
      long queueDelayMicros) {
    deliveries.add(
        new Delivery(nowMicros, direction, sequence(datagram), submittedMicros, datagram));
  }

  @Override
  public void onDropped(
      long nowMicros, LinkDirection direction, Datagram datagram, LinkDropReason reason) {
    drops.add(new Drop(nowMicros, direction, sequence(datagram), reason));
  }

  @Override
  public void onPhaseChange(long nowMicros, int phaseIndex, LinkPhase phase) {
    phaseChanges.add(new long[] {nowMicros, phaseIndex});
  }
}
