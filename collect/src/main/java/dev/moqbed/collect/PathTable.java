package dev.moqbed.collect;

import dev.moqbed.collect.v1.Hello;
import dev.moqbed.collect.v1.PathSample;
import dev.moqbed.output.Csv;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code DIR/paths.csv}: every path sample the relays sent, one line each, appended (a collector
 * started again on the same directory adds to it). Absent figures are empty cells; text cells are
 * quoted as RFC 4180 says when they need it.
 */
final class PathTable implements Closeable {
  static final String FILE_NAME = "paths.csv";

  static final String HEADER =
      "test,cc,host,peer,time_us,cwnd_bytes,pacing_rate_bps,smoothed_rtt_us,min_rtt_us,"
          + "delivery_rate_bps,packets_lost,queued_bytes,bytes_sent,controller_state\n";

  private final Writer out;

  private PathTable(Writer out) {
    this.out = out;
  }

  static PathTable open(Path directory) throws IOException {
    Path file = directory.resolve(FILE_NAME);
    boolean fresh = !Files.exists(file) || Files.size(file) == 0;
    BufferedWriter out =
        Files.newBufferedWriter(
            file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    if (fresh) {
      out.write(HEADER);
    }
    return new PathTable(out);
  }

  synchronized void add(Hello relay, PathSample sample) throws IOException {
    Csv.appendRecord(
        out,
        relay.getTest(),
        relay.getController(),
        relay.getHost(),
        sample.getPeer(),
        sample.getTimeUs(),
        sample.hasCwndBytes() ? sample.getCwndBytes() : null,
        sample.hasPacingRateBps() ? sample.getPacingRateBps() : null,
        sample.hasSmoothedRttUs() ? sample.getSmoothedRttUs() : null,
        sample.hasMinRttUs() ? sample.getMinRttUs() : null,
        sample.hasDeliveryRateBps() ? sample.getDeliveryRateBps() : null,
        sample.hasPacketsLost() ? sample.getPacketsLost() : null,
        sample.hasQueuedBytes() ? sample.getQueuedBytes() : null,
        sample.hasBytesSent() ? sample.getBytesSent() : null,
        Labels.shorten(sample.getControllerState()));
  }

  synchronized void flush() throws IOException {
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }
}
