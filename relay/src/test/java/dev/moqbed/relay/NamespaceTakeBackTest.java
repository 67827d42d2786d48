package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * After a relay stall a publisher reconnects while the relay still holds its old session, and the
 * relay refuses the namespace to the new one. A publisher that continues across sessions asks again
 * with a backoff instead of ending the broadcast, and gets the namespace once the old session is
 * gone; a single-session publisher still ends at the first refusal.
 */
class NamespaceTakeBackTest {
  private static final MemoryLink LINK = MemoryLink.ofDelay(1_000);

  private final VirtualScheduler scheduler = new VirtualScheduler();
  // No takeover by silence (NamespaceTakeoverTest has it): these publishers send nothing while
  // nobody subscribes, and this test is about the publisher asking again until the holder is gone.
  private final Relay relay =
      new Relay(
          scheduler, RelayConfig.builder().namespaceTakeoverAfterMicros(0).build(), line -> {});

  /** What a publisher told its runner. */
  private static final class Heard implements PublisherEvents {
    final List<String> log = new ArrayList<>();
    long announcedMicros = -1;
    boolean closed;
    private final VirtualScheduler scheduler;

    Heard(VirtualScheduler scheduler) {
      this.scheduler = scheduler;
    }

    @Override
    public void onAnnounced() {
      announcedMicros = scheduler.nowMicros();
    }

    @Override
    public void onLog(String line) {
      log.add(line);
    }

    @Override
    public void onClosed(SessionClose close, PublisherReport report) {
      closed = true;
    }
  }

  private Publisher publisher(Heard heard) {
    return new Publisher(
        scheduler,
        new PublisherConfig(
            "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), 30_000_000, false, 500_000),
        heard,
        AuthorizationToken.NONE);
  }

  private MemoryTransport.Pair connect(Publisher publisher, String name) {
    MemoryTransport.Pair pair = MemoryTransport.pair(scheduler, LINK, LINK, name);
    relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession.client(pair.client(), publisher, VirtualChain.VERSION);
    return pair;
  }

  @Test
  void aPublisherThatContinuesAcrossSessionsTakesItsNamespaceBack() {
    Heard old = new Heard(scheduler);
    MemoryTransport.Pair oldSession = connect(publisher(old), "old");
    scheduler.runWhile(() -> old.announcedMicros < 0, 1_000_000);

    Heard back = new Heard(scheduler);
    Publisher returning = publisher(back);
    returning.continueAcrossSessions();
    connect(returning, "back");
    scheduler.runUntil(scheduler.nowMicros() + 1_000_000);
    assertTrue(back.announcedMicros < 0, "refused while the old session holds the namespace");
    assertTrue(back.log.stream().anyMatch(l -> l.contains("asking again in")), back.log.toString());
    assertFalse(back.closed, "the broadcast goes on");

    // the relay drops the old session (its idle timeout), and the next ask succeeds
    long dropped = scheduler.nowMicros();
    oldSession.server().close(0x0, "idle timeout");
    scheduler.runWhile(() -> back.announcedMicros < 0, dropped + 5_000_000);
    assertTrue(back.announcedMicros > 0, back.log.toString());
    assertTrue(back.announcedMicros - dropped <= 2_100_000, "within one backoff step of 2 s");
    assertFalse(back.closed);
  }

  @Test
  void aSingleSessionPublisherEndsAtTheFirstRefusal() {
    Heard old = new Heard(scheduler);
    connect(publisher(old), "old");
    scheduler.runWhile(() -> old.announcedMicros < 0, 1_000_000);
    Heard second = new Heard(scheduler);
    connect(publisher(second), "second");
    scheduler.runWhile(() -> !second.closed, scheduler.nowMicros() + 2_000_000);
    assertTrue(second.closed);
    assertEquals(
        1,
        second.log.stream().filter(l -> l.startsWith("namespace refused")).count(),
        second.log.toString());
  }
}
