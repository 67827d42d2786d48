package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.PicoquicBbrController.LONG_RTT_THRESHOLD_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MIN_RTT_FILTER_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MIN_RTT_MARGIN_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MIN_RTT_MARGIN_PERCENT;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MIN_RTT_THRESHOLD_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.PROBE_RTT_INTERVAL_MICROS;

/**
 * picoquic BBR's RTT model: min_rtt, fed from the maximum of the {@link RttJitterBuffer}'s last
 * samples (a min of windowed maxima, so jitter does not drag it down), the ProbeRTT candidate and
 * the expiry that calls for ProbeRTT, and the count of samples well above min_rtt that ends Startup
 * on an RTT rise ({@code rtt_excess}).
 */
final class PicoquicBbrMinRtt {
  private final PicoquicBbrController bbr;
  private final RttJitterBuffer jitterBuffer;

  long minRttMicros;
  long minRttStampMicros;
  private long probeRttMinDelayMicros;
  long probeRttMinStampMicros;
  private long minRttMarginMicros;

  /** The ProbeRTT candidate is older than the ProbeRTT interval: time for ProbeRTT. */
  boolean probeRttExpired;

  int rttExcessCount;

  PicoquicBbrMinRtt(PicoquicBbrController bbr, long minRttMicros, long nowMicros) {
    this.bbr = bbr;
    this.minRttMicros = minRttMicros;
    jitterBuffer = new RttJitterBuffer(minRttMicros, nowMicros);
    probeRttMinDelayMicros = minRttMicros;
    rttExcessCount = 0;
    probeRttMinStampMicros = nowMicros;
    minRttStampMicros = nowMicros;
  }

  boolean isRttTooHigh() {
    return rttExcessCount > RttJitterBuffer.LENGTH;
  }

  void updateMinRtt(BbrRateSample rs, long nowMicros) {
    if (minRttMicros != INFINITE) {
      // picoquic's comment says 20 %; (min_rtt * 5) * 100 / 10^6 is 0.05 %.
      long marginMicros = (minRttMicros * MIN_RTT_MARGIN_PERCENT) * 100 / 1_000_000;
      if (bbr.model.maxBwBytesPerSecond > 0) {
        marginMicros += 2 * bbr.mtu() * 1_000_000 / bbr.model.maxBwBytesPerSecond;
      }
      minRttMarginMicros = marginMicros;
    }
    jitterBuffer.offer(rs.rttMicros, nowMicros);
    long shortTermMin = jitterBuffer.shortTermMinMicros();
    long shortTermMax = jitterBuffer.shortTermMaxMicros();
    if (minRttMicros != INFINITE) {
      long intervalMicros =
          minRttMicros <= LONG_RTT_THRESHOLD_MICROS
              ? PROBE_RTT_INTERVAL_MICROS
              : minRttMicros * 100;
      probeRttExpired = nowMicros > probeRttMinStampMicros + intervalMicros;
    }
    if (shortTermMax < probeRttMinDelayMicros || probeRttExpired || jitterBuffer.isFilling()) {
      // picoquic keeps the MAXIMUM of the last seven samples as the ProbeRTT candidate.
      probeRttMinDelayMicros = shortTermMax;
      probeRttMinStampMicros = nowMicros;
    } else if (shortTermMin < saturatedSum(minRttMicros, minRttMarginMicros)) {
      // A short-term minimum close to min_rtt counts as a refresh and postpones ProbeRTT.
      probeRttMinStampMicros = nowMicros;
      minRttStampMicros = nowMicros;
    }
    boolean minRttExpired = nowMicros > minRttStampMicros + MIN_RTT_FILTER_MICROS;
    if (probeRttMinDelayMicros < minRttMicros || minRttExpired || jitterBuffer.isFilling()) {
      minRttMicros = probeRttMinDelayMicros;
      minRttStampMicros = probeRttMinStampMicros;
    }
    if (shortTermMin > minRttMicros && minRttMicros > MIN_RTT_THRESHOLD_MICROS) {
      if (shortTermMin > minRttMicros + MIN_RTT_MARGIN_MICROS + minRttMicros / 4) {
        rttExcessCount++;
      }
    } else {
      rttExcessCount = 0;
    }
  }
}
