package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.session.EarlySubgroups;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.subscriber.FrameRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A publisher whose media reaches the relay ahead of the SUBSCRIBE_OK naming its alias. A DATAGRAM
 * frame goes ahead of control-stream bytes in the project's stack at equal priority (CI's Chromium
 * test lost audio groups 48 and 49 of 48-399 that way); a stream can overtake the answer too (a
 * more urgent stream, the answer's packet lost: WebTransportChainNetworkTest lost vmid's first
 * group). The relay dropped or stopped both; it now holds them until the answer.
 */
class EarlyArrivalRelayTest {
  private static final long ALIAS = 7;

  @Test
  void shouldForwardAudioThatArrivedAheadOfThePublishersSubscribeOk() {
    VirtualChain chain = new VirtualChain();
    chain.connect(new EagerPublisher(chain, false), "publisher");

    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("a1"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 200_000);

    List<Long> groups = chain.frames.get(0).stream().map(FrameRecord::groupId).toList();
    assertEquals(List.of(48L, 49L, 50L), groups, chain.log.toString());
    FrameRecord first = chain.frames.get(0).get(0);
    assertEquals(
        first.captureMicros() + 1_000,
        first.lastRelayArrivalMicros(),
        "stamped when it reached the relay, not when its alias became known");
  }

  @Test
  void shouldForwardAGroupWhoseStreamArrivedAheadOfThePublishersSubscribeOk() {
    VirtualChain chain = new VirtualChain();
    chain.connect(new EagerPublisher(chain, true), "publisher");

    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("vmid"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 200_000);

    List<Long> objects = chain.frames.get(0).stream().map(FrameRecord::objectId).toList();
    assertEquals(List.of(0L, 1L, 2L), objects, "group 12 whole: " + chain.log);
  }

  @Test
  void shouldStopAnEarlyStreamWhosePublisherNeverAnswersAtItsDeadline() {
    RecordingObserver observer = new RecordingObserver();
    VirtualChain chain = new VirtualChain(RelayConfig.DEFAULT, observer);
    SilentPublisher publisher = new SilentPublisher(chain);
    chain.connect(publisher, "publisher");

    // runs until the subscriber's SUBSCRIBE is answered or given up: past the deadline
    chain.addSubscriber(MemoryLink.ofDelay(1_000), 0, List.of("vmid"));
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    long held = publisher.stoppedMicros - publisher.openedMicros;
    assertTrue(
        publisher.group != null && publisher.group.isStoppedByPeer(),
        "stopped at its deadline, not at the session's end: " + chain.log);
    assertTrue(
        held >= EarlySubgroups.DEFAULT_DEADLINE_MICROS
            && held <= EarlySubgroups.DEFAULT_DEADLINE_MICROS + 10_000,
        "held until its deadline, then a one-way delay: " + held + " µs");
    assertEquals(Draft14Codes.RESET_CANCELLED, publisher.stopCode);
    assertTrue(
        chain.log.stream()
            .anyMatch(
                line ->
                    line.contains("track alias " + ALIAS)
                        && line.contains("waited 5 s for its SUBSCRIBE_OK")),
        "the lost group is said in the relay's log: " + chain.log);
    assertEquals(1, observer.earlySubgroupsExpired, "and counted for the metrics");
  }

  /**
   * Publishes "live"; answers a SUBSCRIBE with two audio datagrams, then SUBSCRIBE_OK, then a
   * third; or, with {@code videoFirst}, with a group's stream of three frames and the SUBSCRIBE_OK
   * 5 ms later (as if the answer's packet was lost and sent again).
   */
  private static final class EagerPublisher implements MoqtSessionListener {
    private final VirtualChain chain;
    private final boolean videoFirst;

    EagerPublisher(VirtualChain chain, boolean videoFirst) {
      this.chain = chain;
      this.videoFirst = videoFirst;
    }

    @Override
    public void onReady(MoqtSession session) {
      session.send(
          new PublishNamespace(
              session.nextRequestId(), TrackNamespace.of("live"), KeyValuePairs.NONE));
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (!(message instanceof Subscribe subscribe)) {
        return;
      }
      SubscribeOk ok =
          new SubscribeOk(
              subscribe.requestId(), ALIAS, 0, GroupOrder.ASCENDING, null, KeyValuePairs.NONE);
      if (videoFirst) {
        SubgroupWriter group =
            session.openSubgroup(SubgroupHeader.of(ALIAS, 12, 0, 6).withExtensions(true), 6);
        for (long objectId = 0; objectId < 3; objectId++) {
          group.write(
              new SubgroupObject(
                  objectId,
                  ObjectStatus.NORMAL,
                  KeyValuePairs.of(captureNow()),
                  ByteString.wrapOwned(new byte[500])));
        }
        group.finish();
        chain.scheduler.scheduleAfter(5_000, () -> session.send(ok));
        return;
      }
      session.sendDatagram(audio(48));
      session.sendDatagram(audio(49));
      session.send(ok);
      session.sendDatagram(audio(50));
    }

    private ObjectDatagram audio(long groupId) {
      return ObjectDatagram.of(
          ALIAS, groupId, 0, 0, KeyValuePairs.of(captureNow()), ByteString.wrapOwned(new byte[80]));
    }

    private KeyValuePair captureNow() {
      return ObjectExtension.captureTimestamp(chain.scheduler.nowMicros());
    }
  }

  /**
   * Publishes "live"; answers a SUBSCRIBE never, but opens a group's stream for the alias it would
   * have named and writes one frame into it (a hostile publisher holding the relay's early slots).
   */
  private static final class SilentPublisher implements MoqtSessionListener {
    private final VirtualChain chain;
    SubgroupWriter group;
    long openedMicros;
    long stopCode = -1;
    long stoppedMicros;

    SilentPublisher(VirtualChain chain) {
      this.chain = chain;
    }

    @Override
    public void onReady(MoqtSession session) {
      session.send(
          new PublishNamespace(
              session.nextRequestId(), TrackNamespace.of("live"), KeyValuePairs.NONE));
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (!(message instanceof Subscribe) || group != null) {
        return;
      }
      group = session.openSubgroup(SubgroupHeader.of(ALIAS, 12, 0, 6), 6);
      group.setListener(
          (writer, errorCode) -> {
            stopCode = errorCode;
            stoppedMicros = chain.scheduler.nowMicros();
          });
      group.write(
          new SubgroupObject(
              0, ObjectStatus.NORMAL, KeyValuePairs.NONE, ByteString.wrapOwned(new byte[500])));
      openedMicros = chain.scheduler.nowMicros();
    }
  }
}
