package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedProduct;
import static dev.moqbed.cc.bbr.PicoquicBbrController.INITIAL_CWND_BYTES;
import static dev.moqbed.cc.bbr.PicoquicBbrController.INITIAL_RTT_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.LOW_RATE_BYTES_PER_SECOND;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MAX_QUANTUM_BYTES;
import static dev.moqbed.cc.bbr.PicoquicBbrController.PACING_MARGIN_PERCENT;
import static dev.moqbed.cc.bbr.PicoquicBbrController.QUANTUM_RATIO;
import static dev.moqbed.cc.bbr.PicoquicBbrController.STARTUP_PACING_GAIN;

import dev.moqbed.cc.common.WindowPacing;

/**
 * picoquic BBR's pacing: the rate BBR computes (gain times bandwidth, never lowered before the pipe
 * is full), the send quantum, and what picoquic's pacer holds. BBR pushes its rate to the pacer
 * only on ACKs and idle restarts, so the transport reads the last published values; in long-RTT
 * Startup the pacer follows the window instead ({@link WindowPacing}).
 */
final class PicoquicBbrPacing {
  private final PicoquicBbrController bbr;
  private final WindowPacing windowPacing;

  /** BBR.pacing_rate, kept as a double as in picoquic. */
  double pacingRateBytesPerSecond;

  long sendQuantumBytes;

  // What picoquic's pacer holds.
  long publishedPacingRateBytesPerSecond;
  long publishedQuantumBytes;
  long pacerPacketTimeMicros = 1;

  PicoquicBbrPacing(PicoquicBbrController bbr) {
    this.bbr = bbr;
    windowPacing = new WindowPacing(bbr.path.maxDatagramSizeBytes());
  }

  void initPacingRate(boolean rttSampled) {
    // picoquic's comment says 1 ms when there is no sample; the code uses its 250 ms default.
    long initialRttMicros = rttSampled ? bbr.path.smoothedRttMicros() : INITIAL_RTT_MICROS;
    double nominalBandwidth = (1_000_000.0 * INITIAL_CWND_BYTES) / (double) initialRttMicros;
    pacingRateBytesPerSecond = STARTUP_PACING_GAIN * nominalBandwidth;
  }

  void setPacingRateWithGain(double gain) {
    double rate =
        gain
            * (double) saturatedProduct(bbr.model.bwBytesPerSecond, 100 - PACING_MARGIN_PERCENT)
            / 100.0;
    PicoquicBbrStartup startup = bbr.startup;
    if (bbr.state == BbrState.STARTUP_RESUME && !startup.filledPipe && startup.bdpSeedBytes > 0) {
      double bdpRate = (double) startup.bdpSeedBytes * 1_000_000.0 / (double) bbr.rtt.minRttMicros;
      rate = Math.max(rate, bdpRate);
    }
    if (startup.filledPipe || rate > pacingRateBytesPerSecond) {
      pacingRateBytesPerSecond = rate;
    }
  }

  void setSendQuantum() {
    sendQuantumBytes = sendQuantumFor(pacingRateBytesPerSecond, bbr.mtu());
  }

  /**
   * picoquic's send quantum: 1 ms of the rate, at most 64 KiB, at least 2 MTU (1 below 150 kB/s).
   */
  static long sendQuantumFor(double pacingRateBytesPerSecond, long mtuBytes) {
    long floor = pacingRateBytesPerSecond < LOW_RATE_BYTES_PER_SECOND ? mtuBytes : 2 * mtuBytes;
    long quantum = (long) (pacingRateBytesPerSecond * QUANTUM_RATIO);
    quantum = Math.min(quantum, MAX_QUANTUM_BYTES);
    return Math.max(quantum, floor);
  }

  // ---------------------------------------------------------------- what the pacer holds

  /** Before the first ACK: the initial rate is only a value, with no packet time computed. */
  void publishInitialRate() {
    publishedPacingRateBytesPerSecond = Math.max(1, (long) pacingRateBytesPerSecond);
    publishedQuantumBytes = sendQuantumBytes;
  }

  /** Pushes BBR's rate and quantum to the pacer. */
  void publish() {
    publishPacing(pacingRateBytesPerSecond, sendQuantumBytes);
  }

  /** After an ACK outside long-RTT Startup: pushes the rate unless BBR has none yet. */
  void publishIfRateSet() {
    if (pacingRateBytesPerSecond > 0) {
      publishPacing(pacingRateBytesPerSecond, sendQuantumBytes);
    }
  }

  /** Long-RTT Startup: the pacer paces the window over the smoothed RTT, as for Cubic. */
  void publishWindowPacing() {
    windowPacing.update(
        bbr.congestionWindowBytes,
        bbr.path.maxDatagramSizeBytes(),
        bbr.path.smoothedRttMicros(),
        true);
    publishedPacingRateBytesPerSecond = windowPacing.rateBytesPerSecond();
    publishedQuantumBytes = windowPacing.quantumBytes();
    pacerPacketTimeMicros = windowPacing.packetTimeMicros();
  }

  /** What picoquic_update_pacing_parameters does with a rate, reduced to what BBR reads back. */
  private void publishPacing(double rateBytesPerSecond, long quantumBytes) {
    publishedPacingRateBytesPerSecond = Math.max(1, (long) rateBytesPerSecond);
    publishedQuantumBytes = quantumBytes;
    double packetTimeSeconds = (double) bbr.mtu() / rateBytesPerSecond;
    long packetTimeNanos =
        packetTimeSeconds > 10_000.0 ? 10_000_000_000_000L : (long) (packetTimeSeconds * 1e9);
    if (packetTimeNanos <= 0) {
      pacerPacketTimeMicros = 1;
    } else {
      packetTimeNanos =
          Math.min(packetTimeNanos, saturatedProduct(bbr.path.smoothedRttMicros(), 1000));
      pacerPacketTimeMicros = (packetTimeNanos + 999) / 1000;
    }
  }
}
