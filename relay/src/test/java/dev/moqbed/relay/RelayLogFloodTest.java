package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A peer that floods the relay with refused requests costs a dozen log lines, not thousands. */
class RelayLogFloodTest {
  private static final int FLOOD = 20_000;

  @Test
  void shouldLogABurstThenOneSummaryWhenASessionFloodsWithRefusedSubscribes() {
    VirtualChain chain =
        new VirtualChain(RelayConfig.builder().maxSubscriptionsPerSession(1).build());
    chain.startPublisher(MediaSpec.DRAFT_MEDIA_MIX, MemoryLink.ofDelay(1_000));
    int[] refused = new int[1];
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            chain.scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "flooder");
    chain.relay.serve(pair.server(), VirtualChain.VERSION);
    MoqtSession flooder =
        MoqtSession.client(
            pair.client(),
            new MoqtSessionListener() {
              @Override
              public void onReady(MoqtSession session) {
                for (int i = 0; i < FLOOD; i++) {
                  session.send(
                      new Subscribe(
                          session.nextRequestId(),
                          dev.moqbed.media.moqt.TrackNamespace.of("live"),
                          ByteString.utf8(i == 0 ? "a1" : "vlow"),
                          0,
                          GroupOrder.ASCENDING,
                          true,
                          SubscribeFilter.nextGroupStart(),
                          KeyValuePairs.NONE));
                }
              }

              @Override
              public void onControlMessage(MoqtSession session, ControlMessage message) {
                if (message instanceof SubscribeError) {
                  refused[0]++;
                }
              }
            },
            VirtualChain.VERSION);
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 2_000_000);
    assertEquals(FLOOD - 1, refused[0], "every SUBSCRIBE beyond the limit is still answered");
    flooder.close(dev.moqbed.media.moqt.wire.SessionError.NO_ERROR, "done");
    chain.scheduler.runUntil(chain.scheduler.nowMicros() + 100_000);

    List<String> flooderLines =
        chain.log.stream().filter(line -> line.contains("flooder")).toList();
    long refusals = flooderLines.stream().filter(line -> line.contains("refused")).count();
    assertEquals(LogBudget.BURST, refusals, flooderLines.toString());
    assertTrue(
        flooderLines.stream()
            .anyMatch(
                line ->
                    line.endsWith(
                        (FLOOD - 1 - LogBudget.BURST) + " more log lines left out (flood)")),
        flooderLines.toString());
    assertTrue(flooderLines.size() < 20, flooderLines.toString());
  }
}
