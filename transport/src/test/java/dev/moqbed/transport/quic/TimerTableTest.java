package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimerTableTest {

  @Test
  void shouldWakeAtTheEarliestArmedTimer() {
    TimerTable timers = new TimerTable();
    assertEquals(Long.MAX_VALUE, timers.nextDeadlineMicros());
    timers.set(ConnectionTimer.IDLE, 30_000_000);
    timers.set(ConnectionTimer.PROBE_TIMEOUT, 250_000);
    timers.set(ConnectionTimer.ACK_DELAY, 400_000);
    assertEquals(250_000, timers.nextDeadlineMicros());
    timers.stop(ConnectionTimer.PROBE_TIMEOUT);
    assertEquals(400_000, timers.nextDeadlineMicros());
  }

  @Test
  void shouldExpireOnlyArmedTimersAtOrAfterTheirDeadline() {
    TimerTable timers = new TimerTable();
    assertFalse(timers.isExpired(ConnectionTimer.LOSS_DETECTION, Long.MAX_VALUE - 1));
    timers.set(ConnectionTimer.LOSS_DETECTION, 1_000);
    assertFalse(timers.isExpired(ConnectionTimer.LOSS_DETECTION, 999));
    assertTrue(timers.isExpired(ConnectionTimer.LOSS_DETECTION, 1_000));
    timers.set(ConnectionTimer.LOSS_DETECTION, Long.MAX_VALUE); // setting "never" stops it
    assertFalse(timers.isExpired(ConnectionTimer.LOSS_DETECTION, Long.MAX_VALUE - 1));
  }

  @Test
  void shouldKeepOnlyTheNamedTimer() {
    TimerTable timers = new TimerTable();
    timers.set(ConnectionTimer.SEND, 10);
    timers.set(ConnectionTimer.CLOSE, 900);
    timers.stopAllExcept(ConnectionTimer.CLOSE);
    assertEquals(900, timers.nextDeadlineMicros());
    timers.stopAll();
    assertEquals(Long.MAX_VALUE, timers.nextDeadlineMicros());
  }
}
