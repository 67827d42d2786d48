package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.live.PathTrace;
import dev.moqbed.simulation.ControllerTrace;
import org.junit.jupiter.api.Test;

/** A live relay's --trace has the simulator's trace columns, so report charts both alike. */
class TraceColumnsTest {
  @Test
  void shouldWriteTheSimulatorsTraceColumns() {
    assertEquals(ControllerTrace.HEADER, PathTrace.HEADER);
  }
}
