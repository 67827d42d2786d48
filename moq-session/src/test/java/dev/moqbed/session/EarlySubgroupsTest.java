package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EarlySubgroupsTest {
  private static final long DEADLINE = 5_000_000;

  /** A receive stream that remembers what the reader asked of it. */
  private static final class RecordingStream implements ReceiveStream {
    final long id;
    boolean paused;
    long stopCode = -1;

    RecordingStream(long id) {
      this.id = id;
    }

    @Override
    public long id() {
      return id;
    }

    @Override
    public void setListener(ReceiveStreamListener listener) {}

    @Override
    public void stopSending(long errorCode) {
      stopCode = errorCode;
    }

    @Override
    public void pause() {
      paused = true;
    }

    @Override
    public void resume() {
      paused = false;
    }
  }

  private static SubgroupReader reader(RecordingStream stream, long alias) {
    SubgroupReader reader =
        new SubgroupReader(
            stream,
            MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT).newSubgroupStreamDecoder(),
            released -> {},
            resumed -> {});
    reader.onHeader(SubgroupHeader.of(alias, 1, 0, 6));
    return reader;
  }

  @Test
  void shouldPauseWhileAnAnswerIsAwaitedAndGiveBackOneAliasInArrivalOrder() {
    EarlySubgroups early = new EarlySubgroups(8, new VirtualScheduler(), DEADLINE);
    RecordingStream first = new RecordingStream(2);
    RecordingStream other = new RecordingStream(6);
    RecordingStream second = new RecordingStream(10);
    SubgroupReader firstReader = reader(first, 5);
    SubgroupReader secondReader = reader(second, 5);
    early.hold(firstReader, true);
    early.hold(reader(other, 6), true);
    early.hold(secondReader, true);

    assertTrue(first.paused && other.paused && second.paused, "held by flow control, not read");
    assertEquals(List.of(firstReader, secondReader), early.take(5));
    assertEquals(1, early.size(), "alias 6 still waits");
    early.forget();
    assertEquals(Draft14Codes.RESET_CANCELLED, other.stopCode, "nobody's: stopped");
    assertEquals(-1, first.stopCode);
    assertEquals(0, early.size());
  }

  @Test
  void shouldStopAStreamWhenNoAnswerIsAwaitedOrTheCapacityIsReached() {
    EarlySubgroups early = new EarlySubgroups(1, new VirtualScheduler(), DEADLINE);
    RecordingStream unasked = new RecordingStream(2);
    early.hold(reader(unasked, 5), false);
    RecordingStream kept = new RecordingStream(6);
    early.hold(reader(kept, 5), true);
    RecordingStream beyond = new RecordingStream(10);
    early.hold(reader(beyond, 5), true);

    assertEquals(Draft14Codes.RESET_CANCELLED, unasked.stopCode);
    assertEquals(-1, kept.stopCode);
    assertTrue(kept.paused);
    assertEquals(Draft14Codes.RESET_CANCELLED, beyond.stopCode, "a hostile peer's flood");
    assertEquals(2, early.stopped());
    assertEquals(1, early.size());
  }

  @Test
  void shouldStopAStreamWhoseAnswerDoesNotComeByItsDeadline() {
    VirtualScheduler scheduler = new VirtualScheduler();
    EarlySubgroups early = new EarlySubgroups(4, scheduler, DEADLINE);
    RecordingStream first = new RecordingStream(2);
    early.hold(reader(first, 5), true);
    scheduler.runUntil(1_000_000);
    RecordingStream second = new RecordingStream(6);
    early.hold(reader(second, 5), true);

    scheduler.runUntil(DEADLINE - 1);
    assertEquals(-1, first.stopCode, "held until its deadline");
    scheduler.runUntil(DEADLINE);
    assertEquals(Draft14Codes.RESET_CANCELLED, first.stopCode, "the publisher never answered");
    assertEquals(-1, second.stopCode, "its own deadline is a second later");
    assertEquals(1, early.size());
    scheduler.runUntil(1_000_000 + DEADLINE);
    assertEquals(Draft14Codes.RESET_CANCELLED, second.stopCode);
    assertEquals(0, early.size());
    assertEquals(2, early.expired());
    assertEquals(2, early.stopped());
    assertEquals(List.of(), early.take(5), "an answer after the deadline finds nothing held");
  }

  @Test
  void shouldTellTheListenerOfEachStreamStoppedAtItsDeadlineOnly() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<Long> expiredAliases = new ArrayList<>();
    EarlySubgroups early = new EarlySubgroups(4, scheduler, DEADLINE, expiredAliases::add);
    early.hold(reader(new RecordingStream(2), 5), true);
    early.hold(reader(new RecordingStream(6), 6), true);
    early.hold(reader(new RecordingStream(10), 7), true);
    early.take(5);
    scheduler.runUntil(DEADLINE);
    assertEquals(List.of(6L, 7L), expiredAliases, "the taken one is not lost");
    early.hold(reader(new RecordingStream(14), 8), true);
    early.forget();
    scheduler.runUntil(3 * DEADLINE);
    assertEquals(List.of(6L, 7L), expiredAliases, "forgotten is not expired");
  }

  @Test
  void shouldNotStopAStreamTakenOrForgottenBeforeItsDeadline() {
    VirtualScheduler scheduler = new VirtualScheduler();
    EarlySubgroups early = new EarlySubgroups(4, scheduler, DEADLINE);
    RecordingStream answered = new RecordingStream(2);
    RecordingStream left = new RecordingStream(6);
    early.hold(reader(answered, 5), true);
    early.hold(reader(left, 6), true);
    early.take(5);
    early.forget();
    assertEquals(0, scheduler.pendingTasks(), "both deadlines cancelled");

    scheduler.runUntil(2 * DEADLINE);
    assertEquals(-1, answered.stopCode, "its subscription's now");
    assertEquals(0, early.expired());
    assertEquals(1, early.stopped(), "the one forgotten, once");
  }

  @Test
  void shouldRefuseADeadlineThatIsNotPositive() {
    assertThrows(
        IllegalArgumentException.class, () -> new EarlySubgroups(4, new VirtualScheduler(), 0));
  }
}
