package dev.moqbed.transport.session;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.session.transport.ControllerState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A controller's {@link CongestionController#describe} — the accessor the simulator's trace and
 * qlog read — as a {@link ControllerState}, for the live relay's path figures.
 */
final class ControllerStates {
  private ControllerStates() {}

  static ControllerState of(CongestionController controller) {
    String[] state = {""};
    Map<String, Long> values = new LinkedHashMap<>();
    controller.describe(
        new StateVisitor() {
          @Override
          public void state(String name) {
            state[0] = name;
          }

          @Override
          public void value(String name, long value) {
            values.putIfAbsent(name, value);
          }
        });
    return new ControllerState(state[0], values);
  }
}
