package dev.moqbed.transport.qlog;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.StateVisitor;
import java.util.Arrays;

/**
 * The controller's own state as last logged: its state name and every variable its {@code describe}
 * reports (C4: nominal rate, nominal max RTT, ...; BBR: bandwidth estimate, pacing gain, ...). An
 * update tells whether anything changed; the event then carries all of them, so each event is a
 * full picture a viewer can plot without carrying values forward.
 */
final class ControllerStateLog {
  private static final int MAX_VALUES = 48;

  private final String eventName;
  private final String[] names = new String[MAX_VALUES];
  private final long[] values = new long[MAX_VALUES];
  private final long[] described = new long[MAX_VALUES];
  private String state;
  private String describedState;
  private int count;
  private int describedCount;

  private final StateVisitor capture =
      new StateVisitor() {
        @Override
        public void state(String name) {
          describedState = name;
        }

        @Override
        public void value(String name, long value) {
          if (describedCount < MAX_VALUES) {
            names[describedCount] = name;
            described[describedCount] = value;
          }
          describedCount++;
        }
      };

  /**
   * @param controllerId the controller's registry id, which names the custom event
   */
  ControllerStateLog(String controllerId) {
    this.eventName = "moqbed:" + controllerId.replaceAll("[^A-Za-z0-9_]", "_") + "_state";
  }

  /** {@code moqbed:c4_state}, {@code moqbed:bbr_state}, ... */
  String eventName() {
    return eventName;
  }

  /** The state last logged, null before any. */
  String state() {
    return state;
  }

  /** Asks the controller to describe itself; true when its state or a variable changed. */
  boolean update(CongestionController controller) {
    describedState = "";
    describedCount = 0;
    controller.describe(capture);
    int kept = Math.min(describedCount, MAX_VALUES);
    boolean same =
        describedState.equals(state)
            && kept == count
            && Arrays.equals(described, 0, kept, values, 0, kept);
    if (same) {
      return false;
    }
    state = describedState;
    count = kept;
    System.arraycopy(described, 0, values, 0, kept);
    return true;
  }

  /**
   * The event's fields for the header's declaration: the state, and each variable {@code
   * controller} describes as a signed integer (a controller reports -1 for a value it lacks).
   * Describing reads the controller and changes nothing.
   */
  void declareFields(JsonText json, CongestionController controller) {
    describedState = "";
    describedCount = 0;
    controller.describe(capture);
    json.field("state", "text");
    for (int i = 0; i < Math.min(describedCount, MAX_VALUES); i++) {
      json.field(names[i], "int64");
    }
  }

  /** The event's data: the state and each variable under the controller's own name. */
  void write(JsonText json) {
    json.field("state", state);
    for (int i = 0; i < count; i++) {
      json.field(names[i], values[i]);
    }
  }
}
