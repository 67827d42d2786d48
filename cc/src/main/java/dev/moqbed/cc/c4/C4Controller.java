package dev.moqbed.cc.c4;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.StateVisitor;

/**
 * C4 on one path, ported from picoquic's {@code picoquic/c4.c}: master 0a82f5f8 for {@link
 * C4Variant#V4}, branch {@code c4-revisit-max-rtt} at f00feeb7 (whose c4.c is 01e58483's) for
 * {@link C4Variant#V5}, and that code with the short-RTT rule of PRs 2193 and 2194 (known from
 * their descriptions only) for {@link C4Variant#V5_SHORT_RTT}.
 *
 * <p>C4 controls a nominal rate (the largest delivery rate measured while not congested) and a
 * nominal max RTT (the path latency plus the worst jitter seen while sending at no more than the
 * nominal rate). It paces at {@code alpha x rate}, where alpha depends on the state, and sets the
 * window to {@code pacing x (max RTT + margin)}. Time is cut into eras, each ending when the first
 * packet sent in it is no longer in flight. Congestion is signalled by excess delay above the max
 * RTT (only for traffic sent above the nominal rate), by a smoothed loss rate or by an L4S-style CE
 * fraction above thresholds that depend on the rate.
 *
 * <p>Methods are named after, and ordered like, the C functions they port, so the two can be read
 * side by side. Outputs are recomputed exactly where picoquic calls {@code c4_apply_rate_and_cwin};
 * in V4 that computation also ratchets the Initial window, so calling it more often would change
 * numbers. Nothing here allocates after construction.
 *
 * <p>This class answers the transport, dispatches each era end by state and holds what every part
 * reads: the state, the alphas, the era, the growth being judged and the ECN and loss averages. The
 * parts are package-private classes with their own variables: {@link C4Estimates} (the nominal
 * rate, the nominal max RTT and the RTT figures they come from), {@link C4Startup} (Initial and
 * Resuming), {@link C4Cycle} (Recovery, Cruising, Probing, Pushing and the reaction to congestion)
 * and {@link C4Outputs} (window, pacing rate and quantum).
 *
 * <p>As in picoquic, these events are ignored and left to the interface's no-op defaults: sends (C4
 * learns nothing from them: eras are read from the path's packet numbers), probe timeouts (spec,
 * "Do not react to PTO"), persistent congestion (picoquic never reports RFC 9002's; C4 has its own
 * detector), spurious losses (the loss average is not corrected either), cwnd-blocked passes and
 * idle restarts. Timer losses reach {@link #onPacketLost} and are dropped there.
 */
public final class C4Controller implements CongestionController {
  /** The registry id. */
  public static final String ID = "c4";

  /** picoquic's {@code PICOQUIC_CWIN_INITIAL}: 10 x 1536 bytes, whatever the MTU. */
  static final long INITIAL_WINDOW_BYTES = 15_360;

  static final long ALPHA_INITIAL_1024 = 2048;
  static final long ALPHA_RECOVER_1024 = 960;

  /**
   * Recovery after a second signal; in V5 also Recovery entered while a queue may need draining.
   */
  static final long ALPHA_RECOVER_LOW_1024 = 896;

  static final long ALPHA_CRUISE_1024 = 1024;

  /** Added to the Cruising alpha below 1 ms smoothed RTT, where pacers oversleep. */
  static final long ALPHA_CRUISE_LOW_RTT_BOOST_1024 = 48;

  /**
   * The Pushing alpha. Labelled 25 % in the code (5/4 would be 1280) and 5/4 in the spec; kept at
   * 1256 for parity.
   */
  static final long ALPHA_PUSH_1024 = 1256;

  /** The pro-forma alpha of Resuming: it only marks the era as sent above the nominal rate. */
  static final long ALPHA_RESUME_1024 = 3072;

  /**
   * Probing alpha by probe level ({@code c4_push_rate_by_probe_level}). Only levels 0 (after CE)
   * and 1 reach Probing; the two upper entries are never used.
   */
  static final long[] ALPHA_PROBE_BY_LEVEL_1024 = {1056, 1088, 1536, 3072};

  /** Growth is judged by the measured rate alone above this push alpha. */
  private static final long ALPHA_PROBE_LOW_1024 = 1088;

  static final long BETA_MAX_1024 = 256;

  static final long MAX_RTT_FLOOR_MICROS = 1_000;

  /** The highest the max RTT may jump above the running min RTT in one era. */
  static final long MAX_JITTER_MICROS = 250_000;

  static final long RTT_MARGIN_MAX_MICROS = 15_000;

  /** Initial exits on loss only after more than this many ACK events (plus counted losses). */
  static final int ACK_EVENTS_BEFORE_LOSS_EXIT = 20;

  static final int INITIAL_ERAS_WITHOUT_GROWTH = 3;
  static final int CRUISE_ERAS = 2;
  static final int PROBE_LEVEL_DEFAULT = 1;
  static final int PROBE_LEVEL_MAX = 3;

  /** Minimum pacing rate in Initial once an ACK arrived (0x20000 = 1 Mbit/s), added in draft-04. */
  static final long INITIAL_PACING_FLOOR_BYTES_PER_SECOND = 131_072;

  static final long JITTER_REENTRY_MIN_MAX_RTT_MICROS = 50_000;
  static final long JITTER_REENTRY_MAX_RATE_BYTES_PER_SECOND = 1_000_000;

  /** V5: no high-jitter re-entry sooner than this after the first Recovery exit after Initial. */
  static final long JITTER_REENTRY_GUARD_MICROS = 1_000_000;

  static final long QUANTUM_MAX_BYTES = 0x10000;

  /** The quantum is 4/1024 s of pacing ("4 ms"). */
  static final long QUANTUM_TIME_1024 = 4;

  static final long INFINITE_RTT = Long.MAX_VALUE;

  final PathView path;
  final C4Variant variant;
  final LossRateAverage lossRate = new LossRateAverage();
  final EcnMarkingAverage ecnMarking = new EcnMarkingAverage();

  // The parts; see the class comment.
  final C4Estimates estimates = new C4Estimates(this);
  final C4Startup startup = new C4Startup(this);
  final C4Cycle cycle = new C4Cycle(this);
  final C4Outputs outputs = new C4Outputs(this);

  C4State state;
  long alphaCurrent1024;

  /** The alpha at which the packets now being acknowledged were sent. */
  long alphaPrevious1024;

  /** The era ends once every packet numbered below or at this is no longer in flight. */
  long eraSequence;

  int probeLevel;
  int erasWithoutIncrease;

  // The window being evaluated by growthEvaluate.
  /** The nominal rate when the window being evaluated began. */
  private long pushRateOldBytesPerSecond;

  /** The alpha of the window being evaluated. */
  long pushAlpha1024;

  boolean congestionNotified;
  boolean pushWasNotLimited;

  long ecnThreshold1024;
  boolean drainRequired;

  /** picoquic's {@code is_ssthresh_initialized}: set by the first congestion notification. */
  boolean slowStartExited;

  /** A controller in Initial; {@code path} is read at event time, never cached. */
  public C4Controller(PathView path, C4Variant variant) {
    this.path = path;
    this.variant = variant;
    reset();
    // picoquic leaves the transport's defaults until the first notification; computing the
    // outputs here gives the same values (15,360 bytes, no rate) and defines the quantum.
    outputs.applyRateAndWindow();
  }

  @Override
  public String id() {
    return ID;
  }

  /** picoquic's {@code c4_init} sets {@code is_lost_feedback_notification_required}. */
  @Override
  public boolean wantsLostFeedbackWake() {
    return true;
  }

  /** The version this controller runs. */
  public C4Variant variant() {
    return variant;
  }

  // ---------------------------------------------------------------- events

  @Override
  public void onEcnCongestion(long nowMicros, EcnSample sample) {
    if (sample.packetSpace() != PacketSpace.APPLICATION) {
      return;
    }
    ecnThreshold1024 = C4Sensitivity.ecnThreshold1024(estimates.nominalRateBytesPerSecond);
    updateEcnAlpha();
    if (ecnMarking.alpha1024() > ecnThreshold1024) {
      if (state == C4State.INITIAL) {
        // The code repeats the delay-exit condition here, delay excess included; kept for parity.
        if (initialDelayExitDue()) {
          startup.exitInitial();
        }
      } else {
        cycle.notifyCongestion(CongestionKind.ECN);
      }
    }
  }

  @Override
  public void onRttSample(long nowMicros, RttSample sample) {
    if (sample.packetSpace() != PacketSpace.APPLICATION) {
      return;
    }
    estimates.updateRtt(sample.rttMicros());
    if (state == C4State.INITIAL) {
      startup.initialHandleRttExcess();
      outputs.applyRateAndWindow();
    } else {
      cycle.handleRttExcess();
    }
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    // A timer loss is picoquic's "timeout": under high jitter it says nothing about congestion.
    if (loss.trigger() == LossTrigger.TIMER || loss.packetSpace() != PacketSpace.APPLICATION) {
      return;
    }
    if (state == C4State.RECOVERY && loss.packetNumber() < eraSequence) {
      return; // sent before Recovery began: already accounted for
    }
    lossRate.onLoss(loss.packetNumber());
    if (lossRate.smoothedDropRate()
        > C4Sensitivity.lossThreshold(estimates.nominalRateBytesPerSecond)) {
      if (state == C4State.INITIAL) {
        startup.initialHandleLoss();
      } else {
        cycle.notifyCongestion(CongestionKind.LOSS);
      }
    }
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    if (ack.packetSpace() != PacketSpace.APPLICATION) {
      return;
    }
    handleAck(nowMicros, ack);
    outputs.applyRateAndWindow();
  }

  /**
   * {@inheritDoc}
   *
   * <p>picoquic hands C4 the remembered window; this interface gives rate and RTT, so the window is
   * their product. A transport that passes the rate rounded up gets the remembered window back
   * exactly whenever the RTT is under a second.
   */
  @Override
  public void onResumeSeed(
      long nowMicros, long rememberedRateBytesPerSecond, long rememberedRttMicros) {
    long rememberedWindowBytes =
        FixedPoint.bytesFromRate(rememberedRttMicros, rememberedRateBytesPerSecond);
    if (rememberedWindowBytes <= 0) {
      return; // picoquic only notifies a non-zero seed
    }
    startup.seedWindow(rememberedWindowBytes);
    outputs.applyRateAndWindow();
  }

  // ---------------------------------------------------------------- outputs

  @Override
  public long congestionWindowBytes() {
    return outputs.congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return outputs.pacingRateBytesPerSecond;
  }

  @Override
  public long pacingQuantumBytes() {
    return outputs.pacingQuantumBytes;
  }

  /** C4 marks its packets ECT(1), as L4S senders do. */
  @Override
  public EcnCodepoint outgoingEcn() {
    return EcnCodepoint.ECT_1;
  }

  @Override
  public boolean inSlowStart() {
    return !slowStartExited;
  }

  @Override
  public void describe(StateVisitor visitor) {
    long runningMinRttMicros = estimates.runningMinRttMicros;
    visitor.state(state.traceName());
    visitor.value("nominal_rate_bytes_per_second", estimates.nominalRateBytesPerSecond);
    visitor.value("nominal_max_rtt_micros", estimates.nominalMaxRttMicros);
    visitor.value(
        "running_min_rtt_micros", runningMinRttMicros == INFINITE_RTT ? -1 : runningMinRttMicros);
    visitor.value("alpha_1024", alphaCurrent1024);
    visitor.value("probe_level", probeLevel);
    visitor.value("delay_threshold_micros", estimates.delayThresholdMicros);
    visitor.value("ecn_alpha_1024", ecnMarking.alpha1024());
    visitor.value("cwnd_bytes", outputs.congestionWindowBytes);
    visitor.value("pacing_rate_bytes_per_second", outputs.pacingRateBytesPerSecond);
    visitor.value("pacing_quantum_bytes", outputs.pacingQuantumBytes);
    visitor.value("initial_window_bytes", startup.initialWindowBytes);
    visitor.value("eras_without_increase", erasWithoutIncrease);
    visitor.value(
        "recent_maximum_rate_bytes_per_second", estimates.recentMaximumRateBytesPerSecond);
    visitor.value("alpha_previous_1024", alphaPrevious1024);
    visitor.value("era_sequence", eraSequence);
  }

  // ---------------------------------------------------------------- c4_reset, eras, growth

  /**
   * {@code c4_reset}. A new controller's fields already hold the zeros it writes; what it sets
   * otherwise is set here (the running min RTT starts infinite in {@link C4Estimates}).
   */
  private void reset() {
    lossRate.clear();
    ecnMarking.clear();
    alphaCurrent1024 = ALPHA_INITIAL_1024;
    startup.enterInitial();
  }

  /** {@code c4_era_check}: the era ended once its first packet is no longer in flight. */
  boolean eraEnded() {
    return path.isReady() && path.lowestOutstandingPacketNumber() > eraSequence;
  }

  /** {@code c4_era_reset}; note that it copies the current alpha into the previous one. */
  void eraReset() {
    eraSequence = path.nextPacketNumber();
    estimates.startEra();
    alphaPrevious1024 = alphaCurrent1024;
    updateEcnAlpha();
  }

  private void updateEcnAlpha() {
    ecnMarking.update(path.peerEct1Total(), path.peerCeTotal());
  }

  /** {@code c4_growth_evaluate}: did the rate grow during the window being judged? */
  Growth growthEvaluate() {
    long rateOld = pushRateOldBytesPerSecond;
    long nominalRateBytesPerSecond = estimates.nominalRateBytesPerSecond;
    if (pushAlpha1024 > ALPHA_PROBE_LOW_1024) {
      // A big push: judge by the measured rate alone. alpha 2: 1.25x / 1.75x; 1256: ~1.057x /
      // 1.17x.
      long target = (3 * rateOld + FixedPoint.times1024(pushAlpha1024, rateOld)) / 4;
      if (nominalRateBytesPerSecond < target) {
        return Growth.NONE;
      }
      long higher = (rateOld + 3 * FixedPoint.times1024(pushAlpha1024, rateOld)) / 4;
      return nominalRateBytesPerSecond > higher ? Growth.FAST : Growth.SLOW;
    }
    // A small probe cannot be measured reliably: any rise without congestion counts.
    return nominalRateBytesPerSecond > rateOld && !congestionNotified ? Growth.FAST : Growth.NONE;
  }

  void growthReset() {
    congestionNotified = false;
    pushWasNotLimited = false;
    pushRateOldBytesPerSecond = estimates.nominalRateBytesPerSecond;
    pushAlpha1024 = alphaCurrent1024;
  }

  /** Initial's delay exit: delay above threshold after two eras without growth. */
  boolean initialDelayExitDue() {
    return estimates.recentDelayExcessMicros > 0
        && erasWithoutIncrease > 1
        && pushRateOldBytesPerSecond >= estimates.nominalRateBytesPerSecond;
  }

  // ---------------------------------------------------------------- ACK

  /** {@code c4_handle_ack}. */
  private void handleAck(long nowMicros, AckSample ack) {
    estimates.updateRate(ack);

    if (state == C4State.INITIAL) {
      startup.initialHandleAck(ack);
      return;
    }
    if (state == C4State.RESUMING) {
      startup.onResumingAck();
    }
    if (eraEnded()) {
      estimates.updateMinMaxRtt();
      if (estimates.highJitterCallsForInitial(nowMicros)) {
        // Initial may have ended too early on a jittery, shared path; search once more.
        startup.initialAfterJitter = true;
        startup.enterInitial();
        return;
      }
      switch (state) {
        case RECOVERY:
          cycle.exitRecovery(nowMicros);
          break;
        case CRUISING:
          cycle.onCruisingEraEnd();
          break;
        case PROBING:
          cycle.enterRecovery(CongestionKind.NONE);
          break;
        case PUSHING:
          cycle.onPushingEraEnd();
          break;
        case RESUMING:
          startup.onResumingEraEnd();
          break;
        default:
          eraReset();
          break;
      }
    } else if (state == C4State.PUSHING) {
      cycle.onPushingRateMeasurement();
    }
  }

  // ---------------------------------------------------------------- read-outs for tests

  C4State state() {
    return state;
  }

  long nominalRateBytesPerSecond() {
    return estimates.nominalRateBytesPerSecond;
  }

  long nominalMaxRttMicros() {
    return estimates.nominalMaxRttMicros;
  }

  long runningMinRttMicros() {
    return estimates.runningMinRttMicros;
  }

  long delayThresholdMicros() {
    return estimates.delayThresholdMicros;
  }

  long alphaCurrent1024() {
    return alphaCurrent1024;
  }

  long alphaPrevious1024() {
    return alphaPrevious1024;
  }

  int probeLevel() {
    return probeLevel;
  }

  long eraSequence() {
    return eraSequence;
  }

  long initialWindowBytes() {
    return startup.initialWindowBytes;
  }

  int erasWithoutIncrease() {
    return erasWithoutIncrease;
  }

  long ackEventsInStartup() {
    return startup.ackEventsInStartup;
  }

  double smoothedDropRate() {
    return lossRate.smoothedDropRate();
  }

  long ecnAlpha1024() {
    return ecnMarking.alpha1024();
  }

  long ecnThreshold1024() {
    return ecnThreshold1024;
  }

  boolean congestionNotified() {
    return congestionNotified;
  }

  boolean drainRequired() {
    return drainRequired;
  }

  long recentMaximumRateBytesPerSecond() {
    return estimates.recentMaximumRateBytesPerSecond;
  }

  int recentCongestions() {
    return cycle.recentCongestions;
  }

  int cruiseErasLeft() {
    return cycle.cruiseErasLeft;
  }
}
