package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import org.junit.jupiter.api.Test;

/**
 * The session over a connection whose peer allows one unidirectional stream at a time: no subgroup
 * stream is opened without credit (no stream id used), and the role hears when credit is back.
 */
class MoqtSessionStreamCreditTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final MemoryTransport.Pair pair =
      MemoryTransport.pair(scheduler, MemoryLink.ofDelay(5_000), MemoryLink.ofDelay(5_000), "test");
  private final RecordingListener client = new RecordingListener();
  private final RecordingListener server = new RecordingListener();

  @Test
  void shouldOpenNoSubgroupWithoutCreditAndSayWhenCreditIsBack() {
    pair.client().limitIncomingUnidirectionalStreams(1);
    MoqtSession.server(pair.server(), server, VERSION);
    MoqtSession.client(pair.client(), client, VERSION);
    scheduler.runAll();

    MoqtSession session = server.session;
    assertTrue(session.canOpenSubgroup());
    SubgroupWriter first = session.openSubgroup(SubgroupHeader.of(1, 0, 0, 4), 4);
    assertNotNull(first);
    assertFalse(session.canOpenSubgroup());
    assertNull(session.openSubgroup(SubgroupHeader.of(1, 1, 0, 4), 4), "no credit: no stream");
    assertEquals(1, pair.server().unidirectionalStreamsOpened(), "and no stream id used");

    first.finish();
    scheduler.runAll();
    assertTrue(server.events.contains("credit"), server.events.toString());
    SubgroupWriter second = session.openSubgroup(SubgroupHeader.of(1, 1, 0, 4), 4);
    assertEquals(first.streamId() + 4, second.streamId());
    assertEquals(2, pair.server().unidirectionalStreamsOpened());
  }
}
