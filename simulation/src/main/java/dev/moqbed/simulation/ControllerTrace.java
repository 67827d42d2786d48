package dev.moqbed.simulation;

import dev.moqbed.cc.StateVisitor;
import dev.moqbed.output.Csv;
import dev.moqbed.transport.quic.AckListener;
import dev.moqbed.transport.quic.QuicConnection;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The data sender's controller over time, one row per ACK frame: window, pacing rate, RTTs, bytes
 * in flight, the latest delivery-rate sample, the controller's state and then every value the
 * controller describes (for C4: nominal rate, nominal max RTT, running min RTT, alpha, ...). Rows
 * are kept in memory (primitive arrays, state names interned by the controllers) and written once
 * at the end, so tracing barely slows a run. The controller's columns are named after the first
 * row's values; a controller that describes more values later has the extra ones dropped.
 */
public final class ControllerTrace implements AckListener {
  private static final int PATH_FIELDS = 8;

  /** The columns before the controller's own ({@code cc_NAME}); live relays write them too. */
  public static final String HEADER =
      "run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us,"
          + "bytes_in_flight,delivery_rate_bytes_per_s,state";

  /** The maximum number of controller values kept per row. */
  private static final int MAX_CONTROLLER_FIELDS = 32;

  private final List<String> controllerFieldNames = new ArrayList<>();
  private final long[] controllerValues = new long[MAX_CONTROLLER_FIELDS];
  private int controllerFieldsThisRow;
  private boolean namesFixed;
  private long[] values = new long[(PATH_FIELDS + MAX_CONTROLLER_FIELDS) * 1024];
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
          if (!namesFixed && controllerFieldNames.size() < MAX_CONTROLLER_FIELDS) {
            controllerFieldNames.add(name);
          }
          if (controllerFieldsThisRow < controllerFieldNames.size()) {
            controllerValues[controllerFieldsThisRow] = value;
          }
          controllerFieldsThisRow++;
        }
      };

  /** Rows recorded from now on belong to run {@code run}. */
  public void startRun(int runNumber) {
    this.run = runNumber;
  }

  @Override
  public void onAckProcessed(long nowMicros, QuicConnection connection) {
    int width = PATH_FIELDS + MAX_CONTROLLER_FIELDS;
    if ((rows + 1) * width > values.length) {
      values = Arrays.copyOf(values, values.length * 2);
    }
    int at = rows * width;
    values[at] = run;
    values[at + 1] = nowMicros;
    values[at + 2] = connection.controller().congestionWindowBytes();
    values[at + 3] = connection.controller().pacingRateBytesPerSecond();
    values[at + 4] = connection.path().latestRttMicros();
    values[at + 5] = connection.path().smoothedRttMicros();
    values[at + 6] = connection.path().bytesInFlight();
    values[at + 7] = connection.path().deliveryRateBytesPerSecond();
    controllerFieldsThisRow = 0;
    Arrays.fill(controllerValues, 0);
    connection.controller().describe(stateCapture);
    namesFixed = true;
    System.arraycopy(controllerValues, 0, values, at + PATH_FIELDS, MAX_CONTROLLER_FIELDS);
    states.add(lastState);
    rows++;
  }

  public int rows() {
    return rows;
  }

  /** Writes the rows as CSV with a header line. */
  public void writeCsv(Writer out) throws IOException {
    List<Object> header = new ArrayList<>(List.of(HEADER.split(",")));
    for (String name : controllerFieldNames) {
      header.add("cc_" + name);
    }
    Csv.appendRecord(out, header);
    int width = PATH_FIELDS + MAX_CONTROLLER_FIELDS;
    Object[] cells = new Object[PATH_FIELDS + 1 + controllerFieldNames.size()];
    for (int row = 0; row < rows; row++) {
      for (int field = 0; field < PATH_FIELDS; field++) {
        cells[field] = values[row * width + field];
      }
      cells[PATH_FIELDS] = states.get(row);
      for (int field = 0; field < controllerFieldNames.size(); field++) {
        cells[PATH_FIELDS + 1 + field] = values[row * width + PATH_FIELDS + field];
      }
      Csv.appendRecord(out, cells);
    }
  }
}
