package dev.moqbed.suite.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the draft's scripts read from the server qlog of one picoquic_ns connection (qlog {@code
 * draft-00}, one event per line, {@code [relative_time, "category", "event", {data}]}, times in µs
 * after {@code common_fields.reference_time}), as docs/scenarios.md gives the rules:
 *
 * <ul>
 *   <li>the RTT: every {@code recovery:metrics_updated} event is one sample, equal to the latest
 *       {@code latest_rtt} logged so far (carried forward between events); samples before the first
 *       are left out;
 *   <li>the bytes sent: every {@code transport:datagram_sent} event's {@code byte_length}, at its
 *       time on the clock both connections of a run share.
 * </ul>
 *
 * <p>A line scan rather than a JSON parse: a run's qlog is several MB, and these two events always
 * sit on one line each (picoquic's {@code qlog.c} writes them so).
 */
record PicoquicServerQlog(double rttMean, int rttSamples, long[] sendTimes, long[] sendBytes) {
  private static final Pattern REFERENCE_TIME =
      Pattern.compile("\"reference_time\"\\s*:\\s*\"?(\\d+)");
  private static final Pattern EVENT =
      Pattern.compile("^\\[(\\d+),\\s*\"[a-z_]+\",\\s*\"([a-z_]+)\"");
  private static final Pattern LATEST_RTT = Pattern.compile("\"latest_rtt\"\\s*:\\s*(\\d+)");
  private static final Pattern BYTE_LENGTH = Pattern.compile("\"byte_length\"\\s*:\\s*(\\d+)");

  /** Reads one server qlog; a one-line error naming the file when it is not such a qlog. */
  static PicoquicServerQlog read(Path file) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(reader, file.toString());
    }
  }

  static PicoquicServerQlog read(BufferedReader reader, String name) throws IOException {
    long referenceTime = -1;
    long latestRtt = 0;
    double rttSum = 0;
    int rttSamples = 0;
    long[] times = new long[1024];
    long[] bytes = new long[1024];
    int sends = 0;
    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
      if (referenceTime < 0) {
        Matcher reference = REFERENCE_TIME.matcher(line);
        if (reference.find()) {
          referenceTime = Long.parseLong(reference.group(1));
        }
        continue;
      }
      Matcher event = EVENT.matcher(line);
      if (!event.find()) {
        continue;
      }
      if (event.group(2).equals("metrics_updated")) {
        Matcher rtt = LATEST_RTT.matcher(line);
        if (rtt.find()) {
          latestRtt = Long.parseLong(rtt.group(1));
        }
        if (latestRtt > 0) {
          rttSum += latestRtt;
          rttSamples++;
        }
      } else if (event.group(2).equals("datagram_sent")) {
        Matcher length = BYTE_LENGTH.matcher(line);
        if (length.find()) {
          if (sends == times.length) {
            times = Arrays.copyOf(times, sends * 2);
            bytes = Arrays.copyOf(bytes, sends * 2);
          }
          times[sends] = referenceTime + Long.parseLong(event.group(1));
          bytes[sends++] = Long.parseLong(length.group(1));
        }
      }
    }
    if (referenceTime < 0 || sends == 0) {
      throw new IllegalArgumentException(
          name + ": not a picoquic qlog with sent datagrams (no reference_time or datagram_sent)");
    }
    return new PicoquicServerQlog(
        rttSamples == 0 ? Double.NaN : rttSum / rttSamples,
        rttSamples,
        Arrays.copyOf(times, sends),
        Arrays.copyOf(bytes, sends));
  }

  /** The draft's per-run RTT average, {@code int(mean)}, in µs; NaN without a sample. */
  double rttAverage() {
    return Double.isNaN(rttMean) ? Double.NaN : Math.floor(rttMean);
  }

  long firstSend() {
    return sendTimes[0];
  }

  long lastSend() {
    return sendTimes[sendTimes.length - 1];
  }

  /** The bytes of the datagrams sent in [from, to], both ends included. */
  long bytesBetween(long from, long to) {
    long sum = 0;
    for (int i = 0; i < sendTimes.length; i++) {
      if (sendTimes[i] >= from && sendTimes[i] <= to) {
        sum += sendBytes[i];
      }
    }
    return sum;
  }

  /**
   * The draft's per-run load as a fraction of {@code nominalBitsPerSecond}: the main connection's
   * bytes × 8 over its [first send, last send]; beside a {@code background} connection, only over
   * the window both send in, unless they do not overlap.
   */
  double load(PicoquicServerQlog background, long nominalBitsPerSecond) {
    long from = firstSend();
    long to = lastSend();
    if (background != null) {
      long overlapFrom = Math.max(from, background.firstSend());
      long overlapTo = Math.min(to, background.lastSend());
      if (overlapTo > overlapFrom) {
        from = overlapFrom;
        to = overlapTo;
      }
    }
    if (to <= from) {
      return Double.NaN;
    }
    return bytesBetween(from, to) * 8.0 * 1e6 / (to - from) / nominalBitsPerSecond;
  }
}
