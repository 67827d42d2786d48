package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The keep-alive: a growing MAX_REQUEST_ID every period, the peer content, silent after close. */
class KeepAliveTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  @Test
  void shouldSendAGrowingMaxRequestIdEveryPeriodUntilTheSessionCloses() {
    VirtualScheduler scheduler = new VirtualScheduler();
    MemoryTransport.Pair pair =
        MemoryTransport.pair(scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "k");
    RecordingListener server = new RecordingListener();
    RecordingListener client = new RecordingListener();
    MoqtSession.server(pair.server(), server, VERSION);
    MoqtSession clientSession = MoqtSession.client(pair.client(), client, VERSION);
    KeepAlive keepAlive = KeepAlive.start(scheduler, clientSession, 500_000);

    scheduler.runUntil(2_100_000);
    List<Long> maxima =
        server.messages.stream()
            .filter(MaxRequestId.class::isInstance)
            .map(message -> ((MaxRequestId) message).requestId())
            .toList();
    long first = MoqtSession.ADVERTISED_MAX_REQUEST_ID + 1;
    assertEquals(List.of(first, first + 1, first + 2, first + 3), maxima);
    assertEquals(4, keepAlive.sent());
    assertNull(server.close, "a growing MAX_REQUEST_ID is legal: the peer stays");

    clientSession.close(SessionError.NO_ERROR, "done");
    scheduler.runUntil(5_000_000);
    assertEquals(4, keepAlive.sent(), "nothing after the close");
    List<ControlMessage> after = server.messages.subList(4, server.messages.size());
    assertEquals(List.of(), after);
  }
}
