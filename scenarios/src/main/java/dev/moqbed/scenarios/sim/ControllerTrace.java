package dev.moqbed.scenarios.sim;

import dev.moqbed.cc.StateVisitor;
import dev.moqbed.transport.quic.AckListener;
import dev.moqbed.transport.quic.QuicConnection;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The data sender's controller over time, one row per ACK frame: window, pacing rate, RTTs, bytes
 * in flight and the controller's state. Rows are kept in memory (primitive arrays, state names
 * interned by the controllers) and written once at the end, so tracing barely slows a run.
 */
public final class ControllerTrace implements AckListener {
  private static final int FIELDS = 7;
  private static final String HEADER =
      "run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us,"
          + "bytes_in_flight,state";

  private long[] values = new long[FIELDS * 1024];
  private final List<String> states = new ArrayList<>();
  private int rows;
  private int run;
  private String lastState = "";

  private final StateVisitor stateCapture =
      new StateVisitor() {
        @Override
        public void state(String name) {
          lastState = name;
        }

        @Override
        public void value(String name, long value) {
          // only the state name is traced; the numbers come from the outputs
        }
      };

  /** Rows recorded from now on belong to run {@code run}. */
  public void startRun(int runNumber) {
    this.run = runNumber;
  }

  @Override
  public void onAckProcessed(long nowMicros, QuicConnection connection) {
    if ((rows + 1) * FIELDS > values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    int at = rows * FIELDS;
    values[at] = run;
    values[at + 1] = nowMicros;
    values[at + 2] = connection.controller().congestionWindowBytes();
    values[at + 3] = connection.controller().pacingRateBytesPerSecond();
    values[at + 4] = connection.path().latestRttMicros();
    values[at + 5] = connection.path().smoothedRttMicros();
    values[at + 6] = connection.path().bytesInFlight();
    connection.controller().describe(stateCapture);
    states.add(lastState);
    rows++;
  }

  public int rows() {
    return rows;
  }

  /** Writes the rows as CSV with a header line. */
  public void writeCsv(Writer out) throws IOException {
    out.write(HEADER);
    out.write('\n');
    StringBuilder line = new StringBuilder(96);
    for (int row = 0; row < rows; row++) {
      line.setLength(0);
      for (int field = 0; field < FIELDS; field++) {
        line.append(values[row * FIELDS + field]).append(',');
      }
      line.append(states.get(row)).append('\n');
      out.write(line.toString());
    }
  }
}
