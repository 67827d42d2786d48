package dev.moqbed.app;

import dev.moqbed.live.interval.IntervalJson;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.IntervalSummary;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * Prints a live command's intervals: in table format one line each as it arrives (from the interval
 * thread), then iperf3's separator and summary line; in JSON nothing until the end, then one
 * document with the configuration, every interval, the summary and the command's results.
 */
final class IntervalPrinter {
  private final PrintWriter out;
  private final OutputFormat format;
  private final IntervalLine line;
  private String lastHeading;

  IntervalPrinter(PrintWriter out, OutputFormat format, IntervalLine line) {
    this.out = out;
    this.format = format;
    this.line = line;
  }

  /** The legend, before the first line (table format only). */
  void begin() {
    if (format == OutputFormat.TABLE) {
      print(line.legend());
    }
  }

  /** One interval: its line now, in table format. */
  void interval(IntervalSnapshot interval) {
    if (format == OutputFormat.TABLE) {
      print(line.format(interval));
    }
  }

  /**
   * One interval of a run in a comparison: before a run's first interval, a line naming its
   * controller and round, so the lines of several runs stay apart (table format).
   */
  synchronized void labelled(String controller, int round, IntervalSnapshot interval) {
    if (format != OutputFormat.TABLE) {
      return;
    }
    String heading = controller + ", round " + (round + 1);
    if (!heading.equals(lastHeading)) {
      lastHeading = heading;
      print(heading + ":");
      print(line.legend());
    }
    print(line.format(interval));
  }

  /** The separator and the summary line of the run (table format; nothing without intervals). */
  void summary(List<IntervalSnapshot> intervals) {
    IntervalSnapshot total = IntervalSummary.of(intervals);
    if (format == OutputFormat.TABLE && total != null) {
      print(line.separator());
      print(line.summary(total));
    }
  }

  /** The JSON document of the run; {@code results} is the command's own output, or null. */
  void document(
      String command,
      Map<String, Object> configuration,
      List<IntervalSnapshot> intervals,
      Object results) {
    print(
        Json.write(IntervalJson.document(command, configuration, intervals, results))
            .stripTrailing());
  }

  private void print(String text) {
    synchronized (out) {
      out.println(text);
      out.flush();
    }
  }
}
