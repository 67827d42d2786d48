package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stream the relay's source announced in PUBLISH_DONE but never delivered is not lost silently.
 * Through two relays in a row it happened so: relay 1 dropped a stale group for relay 2 and reset
 * its stream before the stream's header had reached relay 2, whose session cannot tell a reset
 * without a header from which track it was, so relay 2 and its subscribers never heard of the
 * group; only relay 1's PUBLISH_DONE counted its stream. The source here is a scripted publisher
 * that announces two streams and delivers one, as relay 1 did; the relay must pass the missing
 * stream on in its own PUBLISH_DONE, and the subscriber counts it. In virtual time over the
 * in-memory transport, with the subscriber on the publisher's loop and on another loop.
 */
class UpstreamStreamLossTest {
  @Test
  void aStreamTheSourceNeverDeliveredIsCountedByTheSubscriber() {
    VirtualChain chain = new VirtualChain();
    assertOneStreamMissing(chain);
  }

  @Test
  void aStreamTheSourceNeverDeliveredIsCountedOnAnotherLoop() {
    VirtualChain chain = new VirtualChain(2, RelayConfig.DEFAULT);
    chain.subscriberRelay = chain.group.relay(1);
    assertOneStreamMissing(chain);
  }

  @Test
  void aSourceThatDoesNotKnowItsStreamCountLosesNothingCountable() {
    VirtualChain chain = new VirtualChain();
    TrackReport track = runOneGroup(chain, Draft14Codes.DONE_STREAM_COUNT_UNKNOWN);
    assertEquals(1, track.received());
    assertEquals(0, track.streamsMissing(), "an unknown count is not a loss");
  }

  private static void assertOneStreamMissing(VirtualChain chain) {
    TrackReport track = runOneGroup(chain, 2);
    assertEquals(1, track.received(), "group 1's object");
    assertEquals(1, track.streamsStarted());
    assertEquals(0, track.streamsReset(), "the lost stream's reset never reached the relay");
    assertEquals(1, track.streamsMissing(), "the stream relay's source never delivered");
    assertTrue(
        chain.log.stream().anyMatch(line -> line.contains("1 subgroup stream(s) announced")),
        chain.log.toString());
  }

  /**
   * The source delivers group 1 in one stream, then ends the track announcing {@code streamCount}
   * streams; returns what the subscriber saw of it.
   */
  private static TrackReport runOneGroup(VirtualChain chain, long streamCount) {
    ScriptedSource source = new ScriptedSource();
    chain.connect(source, "publisher");
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    assertNotNull(source.subscribe, "the relay subscribed upstream: " + chain.log);

    // Group 0 is announced and never comes (its reset overtook its header); group 1 comes whole.
    SubgroupWriter writer =
        source.session.openSubgroup(
            new SubgroupHeader(
                ScriptedSource.ALIAS, 1, SubgroupIdMode.EXPLICIT, 0, 64, true, false),
            64);
    writer.write(
        new SubgroupObject(
            0,
            ObjectStatus.NORMAL,
            KeyValuePairs.of(ObjectExtension.captureTimestamp(chain.scheduler.nowMicros())),
            ByteString.utf8("group 1")));
    writer.finish();
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);
    source.session.send(
        new PublishDone(
            source.subscribe.requestId(), Draft14Codes.DONE_TRACK_ENDED, streamCount, "ended"));
    chain.scheduler.runWhile(
        () -> chain.reports.isEmpty(), chain.scheduler.nowMicros() + 10_000_000);

    assertEquals(1, chain.reports.size(), chain.log.toString());
    SubscriberReport report = chain.reports.get(0);
    return report.track("a1");
  }

  /** Publishes {@code live} and answers the relay's SUBSCRIBE with {@link #ALIAS}. */
  private static final class ScriptedSource implements MoqtSessionListener {
    static final long ALIAS = 7;
    MoqtSession session;
    Subscribe subscribe;

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
      session.send(
          new PublishNamespace(
              session.nextRequestId(), TrackNamespace.of("live"), KeyValuePairs.NONE));
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (message instanceof Subscribe asked) {
        subscribe = asked;
        session.send(
            new SubscribeOk(
                asked.requestId(), ALIAS, 0, GroupOrder.ASCENDING, null, KeyValuePairs.NONE));
      }
    }
  }
}
