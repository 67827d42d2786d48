package dev.moqbed.session.transport;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The congestion controller's own state as it describes itself (the simulator's trace and qlog use
 * the same description): its state's name (C4's phase, BBR's mode) and each variable under the
 * controller's name for it (C4's nominal rate and max RTT, BBR's bandwidth estimate, ...), in the
 * order the controller gives them.
 *
 * @param state the state's name; empty when the transport does not know it
 * @param values the variables, in the controller's order
 */
public record ControllerState(String state, Map<String, Long> values) {
  /** A transport that does not expose its controller (quiche through Netty). */
  public static final ControllerState UNKNOWN = new ControllerState("", Map.of());

  public ControllerState {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }
}
