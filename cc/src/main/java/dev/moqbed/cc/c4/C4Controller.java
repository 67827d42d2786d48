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
 * {@link C4Variant#V5}.
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
  private static final long[] ALPHA_PROBE_BY_LEVEL_1024 = {1056, 1088, 1536, 3072};

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

  private static final long INFINITE_RTT = Long.MAX_VALUE;

  private final PathView path;
  private final C4Variant variant;
  private final LossRateAverage lossRate = new LossRateAverage();
  private final EcnMarkingAverage ecnMarking = new EcnMarkingAverage();

  private C4State state;
  private long nominalRateBytesPerSecond;
  private long nominalMaxRttMicros;
  private long initialWindowBytes;

  /** V5: when the first Recovery after the last Initial ended; 0 until then. */
  private long initialLastMicros;

  private long runningMinRttMicros;
  private long alphaCurrent1024;

  /** The alpha at which the packets now being acknowledged were sent. */
  private long alphaPrevious1024;

  /** ACK events in Initial, plus losses above threshold ({@code nb_packets_in_startup}). */
  private long ackEventsInStartup;

  /** The era ends once every packet numbered below or at this is no longer in flight. */
  private long eraSequence;

  private long eraMaxRttMicros;
  private long eraMinRttMicros;
  private int cruiseErasLeft;
  private long seedWindowBytes;
  private long seedRateBytesPerSecond;
  private boolean useSeedWindow;
  private long recentMaximumRateBytesPerSecond;
  private int recentCongestions;
  private int probeLevel;
  private int erasWithoutIncrease;
  private int resumingEras;

  /** The nominal rate when the window being evaluated began. */
  private long pushRateOldBytesPerSecond;

  /** The alpha of the window being evaluated. */
  private long pushAlpha1024;

  private long delayThresholdMicros;
  private long recentDelayExcessMicros;
  private long ecnThreshold1024;
  private boolean congestionNotified;
  private boolean pushWasNotLimited;
  private boolean initialAfterJitter;
  private boolean excessCeAfterPush;
  private boolean drainRequired;

  /** picoquic's {@code is_ssthresh_initialized}: set by the first congestion notification. */
  private boolean slowStartExited;

  /** The window as picoquic computes it (its {@code path_x->cwin}), before the two-packet floor. */
  private long computedWindowBytes = INITIAL_WINDOW_BYTES;

  private long congestionWindowBytes = INITIAL_WINDOW_BYTES;
  private long pacingRateBytesPerSecond;
  private long pacingQuantumBytes;

  /** A controller in Initial; {@code path} is read at event time, never cached. */
  public C4Controller(PathView path, C4Variant variant) {
    this.path = path;
    this.variant = variant;
    reset();
    // picoquic leaves the transport's defaults until the first notification; computing the
    // outputs here gives the same values (15,360 bytes, no rate) and defines the quantum.
    applyRateAndWindow();
  }

  @Override
  public String id() {
    return ID;
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
    ecnThreshold1024 = C4Sensitivity.ecnThreshold1024(nominalRateBytesPerSecond);
    updateEcnAlpha();
    if (ecnMarking.alpha1024() > ecnThreshold1024) {
      if (state == C4State.INITIAL) {
        // The code repeats the delay-exit condition here, delay excess included; kept for parity.
        if (recentDelayExcessMicros > 0
            && erasWithoutIncrease > 1
            && pushRateOldBytesPerSecond >= nominalRateBytesPerSecond) {
          exitInitial();
        }
      } else {
        notifyCongestion(CongestionKind.ECN);
      }
    }
  }

  @Override
  public void onRttSample(long nowMicros, RttSample sample) {
    if (sample.packetSpace() != PacketSpace.APPLICATION) {
      return;
    }
    updateRtt(sample.rttMicros());
    if (state == C4State.INITIAL) {
      initialHandleRttExcess();
      applyRateAndWindow();
    } else {
      handleRttExcess();
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
    if (lossRate.smoothedDropRate() > C4Sensitivity.lossThreshold(nominalRateBytesPerSecond)) {
      if (state == C4State.INITIAL) {
        initialHandleLoss();
      } else {
        notifyCongestion(CongestionKind.LOSS);
      }
    }
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    if (ack.packetSpace() != PacketSpace.APPLICATION) {
      return;
    }
    handleAck(nowMicros, ack);
    applyRateAndWindow();
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
    seedWindow(rememberedWindowBytes);
    applyRateAndWindow();
  }

  // ---------------------------------------------------------------- outputs

  @Override
  public long congestionWindowBytes() {
    return congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return pacingRateBytesPerSecond;
  }

  @Override
  public long pacingQuantumBytes() {
    return pacingQuantumBytes;
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
    visitor.state(state.traceName());
    visitor.value("nominal_rate_bytes_per_second", nominalRateBytesPerSecond);
    visitor.value("nominal_max_rtt_micros", nominalMaxRttMicros);
    visitor.value(
        "running_min_rtt_micros", runningMinRttMicros == INFINITE_RTT ? -1 : runningMinRttMicros);
    visitor.value("alpha_1024", alphaCurrent1024);
    visitor.value("probe_level", probeLevel);
    visitor.value("delay_threshold_micros", delayThresholdMicros);
    visitor.value("ecn_alpha_1024", ecnMarking.alpha1024());
    visitor.value("cwnd_bytes", congestionWindowBytes);
    visitor.value("pacing_rate_bytes_per_second", pacingRateBytesPerSecond);
    visitor.value("pacing_quantum_bytes", pacingQuantumBytes);
    visitor.value("initial_window_bytes", initialWindowBytes);
    visitor.value("eras_without_increase", erasWithoutIncrease);
    visitor.value("recent_maximum_rate_bytes_per_second", recentMaximumRateBytesPerSecond);
    visitor.value("alpha_previous_1024", alphaPrevious1024);
    visitor.value("era_sequence", eraSequence);
  }

  // ---------------------------------------------------------------- c4_reset, eras, growth

  private void reset() {
    lossRate.clear();
    ecnMarking.clear();
    nominalRateBytesPerSecond = 0;
    nominalMaxRttMicros = 0;
    initialWindowBytes = 0;
    initialLastMicros = 0;
    alphaPrevious1024 = 0;
    ackEventsInStartup = 0;
    cruiseErasLeft = 0;
    seedWindowBytes = 0;
    seedRateBytesPerSecond = 0;
    useSeedWindow = false;
    recentMaximumRateBytesPerSecond = 0;
    recentCongestions = 0;
    erasWithoutIncrease = 0;
    resumingEras = 0;
    delayThresholdMicros = 0;
    recentDelayExcessMicros = 0;
    ecnThreshold1024 = 0;
    congestionNotified = false;
    pushWasNotLimited = false;
    initialAfterJitter = false;
    excessCeAfterPush = false;
    drainRequired = false;
    runningMinRttMicros = INFINITE_RTT;
    alphaCurrent1024 = ALPHA_INITIAL_1024;
    enterInitial();
  }

  /** {@code c4_era_check}: the era ended once its first packet is no longer in flight. */
  private boolean eraEnded() {
    return path.isReady() && path.lowestOutstandingPacketNumber() > eraSequence;
  }

  /** {@code c4_era_reset}; note that it copies the current alpha into the previous one. */
  private void eraReset() {
    eraSequence = path.nextPacketNumber();
    eraMaxRttMicros = 0;
    eraMinRttMicros = INFINITE_RTT;
    alphaPrevious1024 = alphaCurrent1024;
    updateEcnAlpha();
  }

  private void updateEcnAlpha() {
    ecnMarking.update(path.peerEct1Total(), path.peerCeTotal());
  }

  private void recomputeDelayThreshold() {
    delayThresholdMicros =
        C4Sensitivity.delayThresholdMicros(nominalRateBytesPerSecond, nominalMaxRttMicros);
  }

  /** {@code c4_growth_evaluate}: did the rate grow during the window being judged? */
  private Growth growthEvaluate() {
    long rateOld = pushRateOldBytesPerSecond;
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

  private void growthReset() {
    congestionNotified = false;
    pushWasNotLimited = false;
    pushRateOldBytesPerSecond = nominalRateBytesPerSecond;
    pushAlpha1024 = alphaCurrent1024;
  }

  // ---------------------------------------------------------------- Initial and Resuming

  private void enterInitial() {
    state = C4State.INITIAL;
    if (variant.seedsInitialFromSmoothedRtt()) {
      // V5. At creation the smoothed RTT is still the transport's initial guess (250 ms).
      nominalMaxRttMicros = path.smoothedRttMicros();
      initialWindowBytes =
          nominalRateBytesPerSecond > 0
              ? FixedPoint.bytesFromRate(nominalMaxRttMicros, nominalRateBytesPerSecond)
              : computedWindowBytes;
    } else {
      initialWindowBytes = computedWindowBytes;
    }
    initialLastMicros = 0;
    probeLevel = PROBE_LEVEL_DEFAULT;
    alphaCurrent1024 = ALPHA_INITIAL_1024;
    ackEventsInStartup = 0;
    eraReset();
    erasWithoutIncrease = 0;
    ecnMarking.clearAverage();
    growthReset();
  }

  /** {@code c4_seed_cwin}: careful resume, accepted only in Initial. */
  private void seedWindow(long rememberedWindowBytes) {
    if (state != C4State.INITIAL) {
      return;
    }
    useSeedWindow = true;
    seedWindowBytes = rememberedWindowBytes;
    seedRateBytesPerSecond =
        FixedPoint.rateFromBytes(rememberedWindowBytes, path.smoothedRttMicros());
    if (nominalMaxRttMicros < path.smoothedRttMicros()) {
      nominalMaxRttMicros = path.smoothedRttMicros();
      recomputeDelayThreshold();
    }
    enterResuming();
  }

  private void exitInitial() {
    if (nominalRateBytesPerSecond == 0) {
      return; // C4 cannot leave Initial without a rate
    }
    long ssthreshBytes = initialWindowBytes / 2;
    nominalMaxRttMicros =
        Math.max(MAX_RTT_FLOOR_MICROS, ssthreshBytes * 1_000_000 / nominalRateBytesPerSecond);
    recomputeDelayThreshold();
    erasWithoutIncrease = 0;
    probeLevel = PROBE_LEVEL_DEFAULT;
    if (variant.drainsQueues()) {
      drainRequired = true; // Initial's 2x pacing left a queue behind
    }
    enterRecovery(CongestionKind.NONE);
  }

  private void initialHandleRttExcess() {
    if (recentDelayExcessMicros > 0
        && erasWithoutIncrease > 1
        && pushRateOldBytesPerSecond >= nominalRateBytesPerSecond) {
      exitInitial();
    }
  }

  private void initialHandleLoss() {
    ackEventsInStartup++;
    if (ackEventsInStartup > ACK_EVENTS_BEFORE_LOSS_EXIT) {
      exitInitial();
    }
  }

  private void initialHandleAck(AckSample ack) {
    ackEventsInStartup++;
    // Reno-like doubling per RTT, slowed to 1/8 and 1/64 once eras stop growing (HyStart++-like).
    int shift = Math.min(63, 3 * erasWithoutIncrease);
    initialWindowBytes += ack.ackedBytes() >> shift;
    if (useSeedWindow
        && seedRateBytesPerSecond > 0
        && nominalRateBytesPerSecond >= seedRateBytesPerSecond) {
      useSeedWindow = false; // vestigial in the reference: nothing reads the flag in Initial
    }
    if (eraEnded()) {
      Growth growth = growthEvaluate();
      if (growth != Growth.NONE) {
        erasWithoutIncrease = 0;
      } else if (pushWasNotLimited && nominalRateBytesPerSecond > 0) {
        // App-limited eras do not count: an idle sender must not end its own startup.
        erasWithoutIncrease++;
      }
      eraReset();
      if (erasWithoutIncrease >= INITIAL_ERAS_WITHOUT_GROWTH) {
        exitInitial();
        return;
      }
      growthReset();
    }
  }

  private void enterResuming() {
    alphaPrevious1024 = alphaCurrent1024;
    alphaCurrent1024 = ALPHA_RESUME_1024;
    resumingEras = 0;
    state = C4State.RESUMING;
    growthReset();
    eraReset();
  }

  private void onResumingAck() {
    long bytesInFlight = path.bytesInFlight();
    bytesInFlight += bytesInFlight / 16;
    if (bytesInFlight < seedWindowBytes) {
      // Not filling the remembered window: the era would prove nothing, so it starts again.
      eraSequence = path.nextPacketNumber();
    }
  }

  private void onResumingEraEnd() {
    resumingEras++;
    if (resumingEras >= 2) {
      enterRecovery(CongestionKind.NONE);
    } else {
      eraReset();
    }
  }

  // ---------------------------------------------------------------- Recovery, Cruising, Probing

  private void enterRecovery(CongestionKind kind) {
    if (state == C4State.INITIAL) {
      growthReset(); // the whole of Initial is the window judged at the Recovery exit
    }
    if (state != C4State.RECOVERY) {
      excessCeAfterPush = kind == CongestionKind.ECN;
      state = C4State.RECOVERY;
      eraReset(); // before the alpha changes: the previous alpha stays the one being left
      alphaCurrent1024 = drainRequired ? ALPHA_RECOVER_LOW_1024 : ALPHA_RECOVER_1024;
    }
  }

  private void exitRecovery(long nowMicros) {
    Growth growth = growthEvaluate();
    if (initialLastMicros == 0) {
      initialLastMicros = nowMicros;
    }
    drainRequired = false;
    if (growth != Growth.NONE) {
      if (!excessCeAfterPush && resumingEras == 0) {
        probeLevel++;
      }
      recentCongestions = 0;
    } else {
      if (pushWasNotLimited) {
        probeLevel = excessCeAfterPush ? 0 : 1;
      }
      if (congestionNotified) {
        recentCongestions++;
        if (recentCongestions >= 2
            && recentMaximumRateBytesPerSecond > 0
            && nominalRateBytesPerSecond > recentMaximumRateBytesPerSecond) {
          // Persistent congestion: fall back to the best rate actually delivered lately.
          nominalRateBytesPerSecond = recentMaximumRateBytesPerSecond;
          if (variant.clearsCongestionCountAfterReset()) {
            recentCongestions = 0;
          }
        }
      } else {
        recentCongestions = 0;
        if (variant.trimsRateAtRecoveryExit()
            && nominalRateBytesPerSecond > recentMaximumRateBytesPerSecond
            && pushWasNotLimited) {
          // Trimming: a quiet, busy cycle that never reached the nominal rate suggests it is high.
          nominalRateBytesPerSecond =
              (nominalRateBytesPerSecond + recentMaximumRateBytesPerSecond) / 2;
        }
      }
    }
    resumingEras = 0;
    recentMaximumRateBytesPerSecond = 0;
    growthReset();
    recentDelayExcessMicros = 0; // avoid bouncing on the same delay event
    lossRate.clearAverage();
    ecnMarking.clearAverage();
    if (probeLevel > PROBE_LEVEL_MAX) {
      enterInitial(); // two successful pushes in a row: capacity jumped, search again
    } else if (probeLevel > PROBE_LEVEL_DEFAULT) {
      enterPushing();
    } else {
      enterCruise();
    }
  }

  private void enterCruise() {
    eraReset(); // before the alpha changes: the first Cruising era is judged at the Recovery alpha
    useSeedWindow = false;
    if (cruiseErasLeft == 0) {
      cruiseErasLeft = probeLevel == 0 ? 1 : CRUISE_ERAS;
    }
    alphaCurrent1024 = ALPHA_CRUISE_1024;
    if (path.smoothedRttMicros() < MAX_RTT_FLOOR_MICROS) {
      alphaCurrent1024 += ALPHA_CRUISE_LOW_RTT_BOOST_1024;
    }
    state = C4State.CRUISING;
  }

  private void onCruisingEraEnd() {
    if (cruiseErasLeft > 0) {
      cruiseErasLeft--;
    }
    eraReset();
    if (cruiseErasLeft <= 0 && path.lastAckedDataSentMicros() > path.lastSenderLimitedMicros()) {
      enterProbing();
    }
  }

  private void enterProbing() {
    alphaCurrent1024 = ALPHA_PROBE_BY_LEVEL_1024[probeLevel];
    pushAlpha1024 = alphaCurrent1024;
    eraReset(); // after the alpha changes: delay detection is live during the probe
    state = C4State.PROBING;
  }

  // ---------------------------------------------------------------- Pushing

  private void enterPushing() {
    alphaPrevious1024 = alphaCurrent1024;
    alphaCurrent1024 = ALPHA_PUSH_1024;
    pushAlpha1024 = alphaCurrent1024;
    state = C4State.PUSHING;
    erasWithoutIncrease = 0;
    growthReset();
    eraReset();
  }

  private void onPushingRateMeasurement() {
    if (growthEvaluate() == Growth.FAST) {
      growthReset();
      eraReset();
      erasWithoutIncrease = 0;
    }
  }

  private void onPushingEraEnd() {
    if (growthEvaluate() == Growth.FAST) {
      growthReset();
      eraReset();
    } else if (alphaPrevious1024 >= ALPHA_PUSH_1024) {
      // Meant as "at least one full era of pushing", but enterPushing already set the previous
      // alpha to the push alpha, so this always holds: pushing may end after its first era.
      enterRecovery(CongestionKind.NONE);
    }
  }

  // ---------------------------------------------------------------- RTT and ACK

  /** {@code c4_update_min_max_rtt}, at an era end outside Initial. */
  private void updateMinMaxRtt() {
    // Fold in the latest raw sample too: the RTT event and the ACK may arrive in either order.
    long latestRttMicros = path.latestRttMicros();
    if (latestRttMicros > eraMaxRttMicros) {
      eraMaxRttMicros = latestRttMicros;
    }
    if (latestRttMicros < eraMinRttMicros) {
      eraMinRttMicros = latestRttMicros;
      if (variant.drainsQueues()) {
        drainRequired = true;
      }
    }
    if (alphaPrevious1024 <= ALPHA_CRUISE_1024) {
      // The era carried traffic at no more than the nominal rate: its RTTs are the path's own.
      if (eraMinRttMicros < runningMinRttMicros) {
        runningMinRttMicros = eraMinRttMicros;
      } else {
        runningMinRttMicros = (7 * runningMinRttMicros + eraMinRttMicros) / 8;
      }
      long correctedMaxRttMicros =
          Math.min(eraMaxRttMicros, runningMinRttMicros + MAX_JITTER_MICROS);
      if (correctedMaxRttMicros > nominalMaxRttMicros) {
        nominalMaxRttMicros = correctedMaxRttMicros;
      } else {
        nominalMaxRttMicros = (7 * nominalMaxRttMicros + correctedMaxRttMicros) / 8;
        if (variant.drainsQueues()) {
          drainRequired = true;
        }
      }
      recomputeDelayThreshold();
    } else if (nominalMaxRttMicros == 0) {
      nominalMaxRttMicros = eraMaxRttMicros;
      recomputeDelayThreshold();
    }
    if (nominalMaxRttMicros < MAX_RTT_FLOOR_MICROS) {
      nominalMaxRttMicros = MAX_RTT_FLOOR_MICROS;
      recomputeDelayThreshold();
    }
  }

  private boolean highJitterCallsForInitial(long nowMicros) {
    boolean jittery =
        nominalMaxRttMicros > JITTER_REENTRY_MIN_MAX_RTT_MICROS
            && nominalRateBytesPerSecond < JITTER_REENTRY_MAX_RATE_BYTES_PER_SECOND
            && runningMinRttMicros != INFINITE_RTT
            && 5 * runningMinRttMicros < 2 * nominalMaxRttMicros;
    if (!jittery) {
      return false;
    }
    if (variant.reentersInitialOnlyOnce()) {
      return !initialAfterJitter;
    }
    return initialLastMicros > 0 && nowMicros > initialLastMicros + JITTER_REENTRY_GUARD_MICROS;
  }

  /** {@code c4_handle_ack}. */
  private void handleAck(long nowMicros, AckSample ack) {
    long previousRateBytesPerSecond = nominalRateBytesPerSecond;
    if (ack.rttMicros() > 0 && ack.deliveredSinceSentBytes() > 0) {
      long rateSample = path.deliveryRateBytesPerSecond();
      if (rateSample > recentMaximumRateBytesPerSecond) {
        recentMaximumRateBytesPerSecond = rateSample;
      }
      if (rateSample > nominalRateBytesPerSecond
          && !(state == C4State.RECOVERY && congestionNotified)) {
        pushWasNotLimited = true;
        nominalRateBytesPerSecond = rateSample;
        recomputeDelayThreshold();
        drainRequired = false;
      } else if (ack.deliveredSinceSentBytes()
          > FixedPoint.bytesFromRate(runningMinRttMicros, previousRateBytesPerSecond)) {
        // No higher rate, but more than one min-RTT BDP was delivered: the network set the pace.
        pushWasNotLimited = true;
      }
    }

    if (state == C4State.INITIAL) {
      initialHandleAck(ack);
      return;
    }
    if (state == C4State.RESUMING) {
      onResumingAck();
    }
    if (eraEnded()) {
      updateMinMaxRtt();
      if (highJitterCallsForInitial(nowMicros)) {
        // Initial may have ended too early on a jittery, shared path; search once more.
        initialAfterJitter = true;
        enterInitial();
        return;
      }
      switch (state) {
        case RECOVERY:
          exitRecovery(nowMicros);
          break;
        case CRUISING:
          onCruisingEraEnd();
          break;
        case PROBING:
          enterRecovery(CongestionKind.NONE);
          break;
        case PUSHING:
          onPushingEraEnd();
          break;
        case RESUMING:
          onResumingEraEnd();
          break;
        default:
          eraReset();
          break;
      }
    } else if (state == C4State.PUSHING) {
      onPushingRateMeasurement();
    }
  }

  /** {@code c4_update_rtt}: era extremes, running min and the delay excess. */
  private void updateRtt(long rttMicros) {
    if (rttMicros > eraMaxRttMicros) {
      eraMaxRttMicros = rttMicros;
    }
    if (rttMicros < eraMinRttMicros) {
      eraMinRttMicros = rttMicros;
    }
    if (rttMicros < runningMinRttMicros) {
      runningMinRttMicros = rttMicros;
    }
    if (nominalMaxRttMicros == 0) {
      nominalMaxRttMicros = Math.max(rttMicros, MAX_RTT_FLOOR_MICROS);
      recomputeDelayThreshold();
      recentDelayExcessMicros = 0;
    } else {
      long targetMicros = nominalMaxRttMicros + delayThresholdMicros;
      recentDelayExcessMicros = rttMicros > targetMicros ? rttMicros - targetMicros : 0;
    }
  }

  private void handleRttExcess() {
    // Delay counts only for traffic sent above the nominal rate. In Cruising a longer RTT raises
    // the max RTT instead, which is how C4 holds its own against Cubic's standing queue.
    // A zero threshold was never computed (V5 before the first rate sample): picoquic would divide
    // by it in notify_congestion and crash; here the excess is not a signal yet.
    if (recentDelayExcessMicros > 0
        && alphaPrevious1024 > FixedPoint.ONE_1024
        && delayThresholdMicros > 0) {
      notifyCongestion(CongestionKind.DELAY);
    }
  }

  // ---------------------------------------------------------------- congestion

  /** {@code c4_notify_congestion}: loss, ECN or delay above threshold, outside Initial. */
  private void notifyCongestion(CongestionKind kind) {
    long beta1024 = BETA_MAX_1024;
    congestionNotified = true;
    if (kind == CongestionKind.LOSS) {
      beta1024 = C4Sensitivity.lossBeta1024(nominalRateBytesPerSecond);
    } else if (kind == CongestionKind.ECN) {
      beta1024 =
          Math.min(
              BETA_MAX_1024, (ecnMarking.alpha1024() - ecnThreshold1024) * 1024 / ecnThreshold1024);
    }
    if (kind == CongestionKind.DELAY) {
      // handleRttExcess never signals delay while the threshold is zero.
      beta1024 = Math.min(BETA_MAX_1024, recentDelayExcessMicros * 1024 / delayThresholdMicros);
    } else {
      recentDelayExcessMicros = 0;
    }

    if (state == C4State.RECOVERY) {
      if (alphaCurrent1024 == ALPHA_RECOVER_1024) {
        // A second signal means queues are still building: recover deeper, and for longer.
        alphaCurrent1024 = ALPHA_RECOVER_LOW_1024;
        eraSequence = path.nextPacketNumber();
      }
      if (kind == CongestionKind.ECN) {
        excessCeAfterPush = true;
      }
    } else {
      // A failed probe or push only ends; Cruising and Resuming were at the nominal rate: cut it.
      if (state != C4State.PROBING && state != C4State.PUSHING) {
        nominalRateBytesPerSecond -= FixedPoint.times1024(beta1024, nominalRateBytesPerSecond);
        if (kind == CongestionKind.LOSS) {
          nominalMaxRttMicros -= FixedPoint.times1024(beta1024, nominalMaxRttMicros);
          if (nominalMaxRttMicros < MAX_RTT_FLOOR_MICROS) {
            nominalMaxRttMicros = MAX_RTT_FLOOR_MICROS;
          }
          recomputeDelayThreshold();
        }
      }
      enterRecovery(kind);
    }
    applyRateAndWindow();
    slowStartExited = true;
  }

  // ---------------------------------------------------------------- outputs

  /** {@code c4_apply_rate_and_cwin}: the only place that sets window, pacing rate and quantum. */
  private void applyRateAndWindow() {
    long mtuBytes = path.maxDatagramSizeBytes();
    long pacingRate = FixedPoint.times1024(alphaCurrent1024, nominalRateBytesPerSecond);
    long window = INITIAL_WINDOW_BYTES;
    if (nominalMaxRttMicros != 0 && nominalRateBytesPerSecond != 0) {
      window = FixedPoint.bytesFromRate(nominalMaxRttMicros, pacingRate);
    }
    if (state == C4State.INITIAL) {
      window = Math.max(window, initialWindowBytes);
      if (ackEventsInStartup > 0) {
        pacingRate = Math.max(pacingRate, INITIAL_PACING_FLOOR_BYTES_PER_SECOND);
        long peakRate = path.peakDeliveryRateBytesPerSecond();
        if (peakRate > pacingRate) {
          // Chase short bursts the path delivered: half-way to the peak, and a window to match.
          pacingRate = (pacingRate + peakRate) / 2;
          window =
              Math.max(window, FixedPoint.bytesFromRate(path.smoothedRttMicros(), peakRate) / 2);
        }
      }
      if (variant.ratchetsInitialWindow()) {
        initialWindowBytes = window;
      }
    } else if (state == C4State.RESUMING) {
      window = seedWindowBytes;
      pacingRate = seedRateBytesPerSecond;
    } else {
      long marginMicros =
          nominalMaxRttMicros < 4 * RTT_MARGIN_MAX_MICROS
              ? nominalMaxRttMicros / 4
              : RTT_MARGIN_MAX_MICROS;
      window += FixedPoint.bytesFromRate(marginMicros, pacingRate);
      if (state == C4State.PROBING || state == C4State.PUSHING) {
        // Make sure the push can put at least one extra packet in flight.
        long extraRate =
            FixedPoint.times1024(alphaCurrent1024 - FixedPoint.ONE_1024, nominalRateBytesPerSecond);
        long extraWindow = FixedPoint.bytesFromRate(nominalMaxRttMicros, extraRate);
        if (extraWindow < mtuBytes) {
          window += mtuBytes - extraWindow;
        }
      }
    }
    computedWindowBytes = window;
    // The spec's floor of two packets; picoquic has none (docs/cc/c4.md, "Decisions").
    congestionWindowBytes = Math.max(window, 2 * mtuBytes);
    long quantum = FixedPoint.times1024(QUANTUM_TIME_1024, pacingRate);
    if (quantum > QUANTUM_MAX_BYTES) {
      quantum = QUANTUM_MAX_BYTES;
    } else if (quantum < 2 * mtuBytes) {
      quantum = 2 * mtuBytes;
    }
    pacingQuantumBytes = quantum;
    pacingRateBytesPerSecond = pacingRate;
  }

  // ---------------------------------------------------------------- read-outs for tests

  C4State state() {
    return state;
  }

  long nominalRateBytesPerSecond() {
    return nominalRateBytesPerSecond;
  }

  long nominalMaxRttMicros() {
    return nominalMaxRttMicros;
  }

  long runningMinRttMicros() {
    return runningMinRttMicros;
  }

  long delayThresholdMicros() {
    return delayThresholdMicros;
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
    return initialWindowBytes;
  }

  int erasWithoutIncrease() {
    return erasWithoutIncrease;
  }

  long ackEventsInStartup() {
    return ackEventsInStartup;
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
    return recentMaximumRateBytesPerSecond;
  }

  int recentCongestions() {
    return recentCongestions;
  }

  int cruiseErasLeft() {
    return cruiseErasLeft;
  }
}
