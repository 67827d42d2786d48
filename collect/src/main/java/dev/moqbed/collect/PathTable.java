package dev.moqbed.collect;

import dev.moqbed.collect.v1.Hello;
import dev.moqbed.collect.v1.PathSample;
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
    StringBuilder line = new StringBuilder(160);
    line.append(cell(relay.getTest()))
        .append(',')
        .append(cell(relay.getController()))
        .append(',')
        .append(cell(relay.getHost()))
        .append(',')
        .append(cell(sample.getPeer()))
        .append(',')
        .append(sample.getTimeUs())
        .append(',')
        .append(sample.hasCwndBytes() ? Long.toString(sample.getCwndBytes()) : "")
        .append(',')
        .append(sample.hasPacingRateBps() ? Long.toString(sample.getPacingRateBps()) : "")
        .append(',')
        .append(sample.hasSmoothedRttUs() ? Long.toString(sample.getSmoothedRttUs()) : "")
        .append(',')
        .append(sample.hasMinRttUs() ? Long.toString(sample.getMinRttUs()) : "")
        .append(',')
        .append(sample.hasDeliveryRateBps() ? Long.toString(sample.getDeliveryRateBps()) : "")
        .append(',')
        .append(sample.hasPacketsLost() ? Long.toString(sample.getPacketsLost()) : "")
        .append(',')
        .append(sample.hasQueuedBytes() ? Long.toString(sample.getQueuedBytes()) : "")
        .append(',')
        .append(sample.hasBytesSent() ? Long.toString(sample.getBytesSent()) : "")
        .append(',')
        .append(cell(Labels.shorten(sample.getControllerState())))
        .append('\n');
    out.write(line.toString());
  }

  synchronized void flush() throws IOException {
    out.flush();
  }

  private static String cell(String text) {
    if (text.indexOf(',') < 0 && text.indexOf('"') < 0) {
      return text;
    }
    return '"' + text.replace("\"", "\"\"") + '"';
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }
}
