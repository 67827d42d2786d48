package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import java.util.List;
import org.junit.jupiter.api.Test;

class EarlySubgroupsTest {
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
    EarlySubgroups early = new EarlySubgroups(8);
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
    EarlySubgroups early = new EarlySubgroups(1);
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
}
