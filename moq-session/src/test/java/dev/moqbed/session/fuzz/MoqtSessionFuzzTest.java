package dev.moqbed.session.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.session.SessionClose;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A {@code MoqtSession} (client or server, as the input chooses) over the in-memory connection, fed
 * by a raw peer a scripted sequence of well-formed and malformed control messages, subgroup streams
 * and datagrams ({@link SessionScenario}). The property: no exception escapes to the caller (here
 * the scheduler that runs the transport's events), and the session either keeps going or closes
 * once, with a MoqT session error code, after which its role hears nothing more.
 */
class MoqtSessionFuzzTest {
  private static final Set<Long> SESSION_ERROR_CODES =
      Arrays.stream(SessionError.values()).map(SessionError::code).collect(Collectors.toSet());

  @FuzzTest(maxDuration = "60s")
  void survivesAnyPeer(byte[] input) {
    SessionScenario.Outcome outcome = SessionScenario.play(input);
    SessionWatcher watcher = outcome.watcher();
    assertTrue(watcher.closes() <= 1, "closed " + watcher.closes() + " times");
    assertEquals(0, watcher.eventsAfterClose(), "the role heard events after the close");
    if (!outcome.session().isClosed()) {
      return; // it keeps going
    }
    SessionClose close = watcher.close();
    assertNotNull(close, "closed without telling the role");
    if (close.byPeer()) {
      assertTrue(outcome.peerClosed(), "closed 'by peer', but the peer did not close: " + close);
      return;
    }
    assertTrue(SESSION_ERROR_CODES.contains(close.code()), "not a MoqT error code: " + close);
    if (!outcome.peerClosed()) { // else both ends closed at once, each with its own code
      assertEquals(close.code(), outcome.peer().closeCode(), "the peer heard another code");
    }
  }
}
