package dev.moqbed.transport.quic;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.PathView;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.DeliveryRateSampler;
import dev.moqbed.transport.recovery.Pacer;
import dev.moqbed.transport.recovery.RttEstimator;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.recovery.TransportDefaults;
import java.util.random.RandomGenerator;

/**
 * Everything about the network path the connection sends on, in one place (quinn's {@code
 * PathData}): the RTT estimator, the congestion controller, the pacer, the delivery-rate sampler,
 * bytes in flight and the MTU. The controller reads it through {@link PathView}, so a new path is
 * one new object.
 */
final class PathState implements PathView {
  /** A path's controller and RTT estimator, kept while the peer's new address is validated. */
  record Congestion(CongestionController controller, RttEstimator rtt) {}

  private final ControllerFactory controllerFactory;
  private final RandomGenerator controllerRandom;
  private final RttFlavor rttFlavor;

  // Replaced only when the peer moves to another IP address (RFC 9000 §9.4).
  private RttEstimator rtt;
  private CongestionController controller;
  private final Pacer pacer;
  private final DeliveryRateSampler sampler = new DeliveryRateSampler();
  private final MtuDiscovery mtu;

  /** The packet-number space whose numbers and ECN counts the controller sees. */
  private final PacketNumberSpace application;

  private final EcnMark ecnOverride;
  private final long resumeSeedBytes;
  private final long resumeSeedRttMicros;

  private long bytesInFlight;
  private boolean congestionWindowBlocked;
  private long lastSenderLimitedMicros = Long.MIN_VALUE;
  private long lastAckedDataSentMicros;
  private boolean controllerHasSeenAck;
  private boolean lostFeedbackNotified;
  private boolean resumeSeedConsidered;
  private boolean handshakeConfirmed;

  /**
   * False once a real peer's transport parameters came without min_ack_delay (quiche): it does not
   * take ACK_FREQUENCY frames, which must then never be sent (draft-ietf-quic-ack-frequency §3).
   * The simulator's peers never clear it.
   */
  private boolean peerTakesAckFrequency = true;

  /** The peer's transport parameters arrived (with the 1-RTT keys): its max_ack_delay is known. */
  private boolean peerParametersKnown;

  /** The peer's max_ack_delay once known: picoquic's own until a real handshake brings it. */
  private long knownPeerMaxAckDelayMicros = TransportDefaults.MAX_ACK_DELAY_MICROS;

  PathState(
      ConnectionConfig config,
      PacketNumberSpace application,
      ControllerFactory controllerFactory,
      RandomGenerator controllerRandom,
      long nowMicros) {
    this.application = application;
    this.ecnOverride = config.ecnOverride();
    this.resumeSeedBytes = config.resumeSeedBytes();
    this.resumeSeedRttMicros = config.resumeSeedRttMicros();
    this.mtu = new MtuDiscovery(config);
    this.controllerFactory = controllerFactory;
    this.controllerRandom = controllerRandom;
    this.rttFlavor = config.recoveryFlavor();
    this.rtt = initialRtt();
    this.pacer = new Pacer(nowMicros);
    // Last: the controller may read the path while it is created.
    this.controller =
        controllerFactory.create(new ControllerEnvironment(this, nowMicros, controllerRandom));
  }

  private RttEstimator initialRtt() {
    return new RttEstimator(
        rttFlavor, TransportDefaults.INITIAL_RTT_MICROS, TransportDefaults.MAX_ACK_DELAY_MICROS);
  }

  /**
   * The peer moved to another IP address: a new controller and RTT estimator at their initial
   * values (RFC 9000 §9.4; a port-only change keeps them). Returns the old ones, which {@link
   * #restore} puts back if the new address is not validated.
   */
  Congestion startOver(long nowMicros) {
    Congestion old = new Congestion(controller, rtt);
    rtt = initialRtt();
    foldAckDelayKnownNow();
    controller =
        controllerFactory.create(new ControllerEnvironment(this, nowMicros, controllerRandom));
    return old;
  }

  void restore(Congestion old) {
    controller = old.controller();
    rtt = old.rtt();
  }

  RttEstimator rtt() {
    return rtt;
  }

  CongestionController controller() {
    return controller;
  }

  Pacer pacer() {
    return pacer;
  }

  DeliveryRateSampler sampler() {
    return sampler;
  }

  MtuDiscovery mtu() {
    return mtu;
  }

  boolean peerTakesAckFrequency() {
    return peerTakesAckFrequency;
  }

  void onPeerWithoutAckFrequency() {
    peerTakesAckFrequency = false;
  }

  boolean handshakeConfirmed() {
    return handshakeConfirmed;
  }

  void onHandshakeConfirmed() {
    handshakeConfirmed = true;
    foldAckDelayKnownNow();
  }

  /** The max_ack_delay of the peer's transport parameters (a real handshake's). */
  void setPeerMaxAckDelayMicros(long micros) {
    knownPeerMaxAckDelayMicros = micros;
    foldAckDelayKnownNow();
  }

  void onPeerParametersKnown() {
    peerParametersKnown = true;
    foldAckDelayKnownNow();
  }

  /** picoquic's retransmit timer folds in the peer's max_ack_delay once known, 0 before. */
  private void foldAckDelayKnownNow() {
    rtt.setFoldMaxAckDelayMicros(
        handshakeConfirmed || peerParametersKnown ? knownPeerMaxAckDelayMicros : 0);
  }

  /** The peer's max_ack_delay: picoquic's default until its transport parameters are known. */
  long peerMaxAckDelayMicros() {
    return handshakeConfirmed || peerParametersKnown
        ? knownPeerMaxAckDelayMicros
        : TransportDefaults.DEFAULT_PEER_MAX_ACK_DELAY_MICROS;
  }

  void addToFlight(int sizeBytes) {
    bytesInFlight += sizeBytes;
  }

  void removeFromFlight(int sizeBytes) {
    bytesInFlight -= sizeBytes;
  }

  /**
   * Data, datagrams and probes may leave: after a probe timeout, or while bytes in flight do not
   * exceed the window (so the last packet may overshoot by one).
   */
  boolean windowAllows(boolean probeTimeoutPending) {
    return probeTimeoutPending || bytesInFlight <= controller.congestionWindowBytes();
  }

  /**
   * picoquic_prepare_segment clears the cwnd-blocked flag on every pass, so only a pass that
   * stopped on the window leaves it set.
   */
  void clearCongestionWindowBlocked() {
    congestionWindowBlocked = false;
  }

  void onCongestionWindowBlocked(long nowMicros) {
    congestionWindowBlocked = true;
    controller.onCongestionWindowBlocked(nowMicros);
  }

  /** A packet could have carried data but the application had none. */
  void onApplicationLimited(long nowMicros) {
    sampler.onApplicationLimited(bytesInFlight);
    lastSenderLimitedMicros = nowMicros;
  }

  void onDataAcknowledged(long sentMicros) {
    lastAckedDataSentMicros = Math.max(lastAckedDataSentMicros, sentMicros);
  }

  /** The controller has processed an ACK: from now on the pacer follows its rate. */
  void onControllerAck() {
    controllerHasSeenAck = true;
    lostFeedbackNotified = false; // picoquic: is_lost_feedback_notified = 0 at each ACK
  }

  /** The {@link LostFeedbackTimer} fired since the controller last heard of an ACK. */
  boolean lostFeedbackNotified() {
    return lostFeedbackNotified;
  }

  void onLostFeedbackNotified() {
    lostFeedbackNotified = true;
  }

  /**
   * Hands the controller's rate and quantum to the pacer. picoquic's pacer stays in its initial,
   * effectively unpaced state until the controller first updates it, which every controller does on
   * its first ACK notification; controllers here report a rate from creation, so the transport
   * waits for that first ACK.
   */
  void updatePacing() {
    long rate = controller.pacingRateBytesPerSecond();
    if (controllerHasSeenAck && rate > 0) {
      pacer.configureRate(
          rate, controller.pacingQuantumBytes(), mtu.mtuBytes(), rtt.smoothedRttMicros());
    }
  }

  /**
   * picoquic's {@code seed_cwin}: once, at the first RTT sample, if the remembered RTT is within 25
   * % of it. The interface passes a rate; the window is rate × RTT, so the rate is rounded up to
   * give the window back exactly.
   */
  void applyResumeSeed(long nowMicros) {
    long seedRtt = resumeSeedRttMicros;
    if (resumeSeedConsidered || resumeSeedBytes <= 0 || seedRtt <= 0) {
      return;
    }
    resumeSeedConsidered = true;
    long sample = rtt.latestRttMicros();
    if (4 * sample >= 3 * seedRtt && 4 * sample <= 5 * seedRtt) {
      long rate = (resumeSeedBytes * 1_000_000 + seedRtt - 1) / seedRtt;
      controller.onResumeSeed(nowMicros, rate, seedRtt);
      updatePacing();
    }
  }

  /** The ECN mark of the next datagram: the configured override, else the controller's. */
  EcnMark outgoingEcn() {
    if (ecnOverride != null) {
      return ecnOverride;
    }
    EcnCodepoint codepoint = controller.outgoingEcn();
    return switch (codepoint) {
      case ECT_0 -> EcnMark.ECT_0;
      case ECT_1 -> EcnMark.ECT_1;
      default -> EcnMark.NOT_ECT;
    };
  }

  // ---------------------------------------------------------------------------------------------
  // PathView: what controllers read

  @Override
  public int maxDatagramSizeBytes() {
    return mtu.mtuBytes();
  }

  @Override
  public long bytesInFlight() {
    return bytesInFlight;
  }

  @Override
  public long smoothedRttMicros() {
    return rtt.smoothedRttMicros();
  }

  @Override
  public long rttVarianceMicros() {
    return rtt.rttVarianceMicros();
  }

  @Override
  public long minRttMicros() {
    return rtt.minRttMicros();
  }

  @Override
  public long latestRttMicros() {
    return rtt.latestRttMicros();
  }

  @Override
  public long deliveryRateBytesPerSecond() {
    return sampler.deliveryRateBytesPerSecond();
  }

  @Override
  public long peakDeliveryRateBytesPerSecond() {
    return sampler.peakDeliveryRateBytesPerSecond();
  }

  @Override
  public long deliveredBytes() {
    return sampler.deliveredBytes();
  }

  @Override
  public long nextPacketNumber() {
    return application.nextPacketNumber;
  }

  @Override
  public long lowestOutstandingPacketNumber() {
    return application.sentPackets.isEmpty()
        ? application.largestAcked + 1
        : application.sentPackets.peekFirst().packetNumber;
  }

  @Override
  public long largestAckedPacketNumber() {
    return application.largestAcked;
  }

  @Override
  public boolean isReady() {
    return handshakeConfirmed;
  }

  @Override
  public long lastSenderLimitedMicros() {
    return lastSenderLimitedMicros;
  }

  @Override
  public long lastAckedDataSentMicros() {
    return lastAckedDataSentMicros;
  }

  @Override
  public boolean congestionWindowBlocked() {
    return congestionWindowBlocked;
  }

  @Override
  public long peerEct0Total() {
    return application.peerEct0Total;
  }

  @Override
  public long peerEct1Total() {
    return application.peerEct1Total;
  }

  @Override
  public long peerCeTotal() {
    return application.peerCeTotal;
  }

  @Override
  public void overrideMinRttMicros(long minRttMicros) {
    rtt.overrideMinRttMicros(minRttMicros);
  }
}
