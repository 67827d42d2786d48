package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * MoQT over WebTransport on the project's stack, on loopback: the relay's second door (HTTP/3, ALPN
 * h3, path /moq) on the same UDP port as raw QUIC, the same MoQT session above both.
 */
@Tag("network")
class WebTransportChainNetworkTest {
  private static final LiveStack WEBTRANSPORT =
      LiveStack.of(LiveTransport.MOQBED, "c4").withWebTransport("/moq");
  private static final LiveStack RAW = LiveStack.of(LiveTransport.MOQBED, "c4");

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldDeliverEveryObjectAndAudioDatagramOverWebTransport() throws Exception {
    List<String> log = new CopyOnWriteArrayList<>();
    LiveChain.Result result = run(WEBTRANSPORT, WEBTRANSPORT, 1, log);

    assertEveryObjectArrived(result, log);
    assertTrue(
        log.stream().anyMatch(line -> line.contains("(WebTransport) publishes")),
        "the publisher came in through WebTransport: " + log);
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldServeRawQuicAndWebTransportOnOnePortAndChainOverWebTransport() throws Exception {
    List<String> log = new CopyOnWriteArrayList<>();
    // The publisher and subscribers come in over raw QUIC; relay 2 reaches relay 1, its upstream,
    // over WebTransport: relay 1 serves both kinds on its one port.
    LiveChain.Result result = run(WEBTRANSPORT, RAW, 2, log);

    assertEveryObjectArrived(result, log);
    assertTrue(
        log.stream()
            .anyMatch(
                line ->
                    line.startsWith("relay 1: session from")
                        && line.contains("(WebTransport) ready")),
        "relay 2 came in through WebTransport: " + log);
    assertTrue(
        log.stream()
            .anyMatch(
                line ->
                    line.startsWith("relay 1:")
                        && line.contains("publishes")
                        && !line.contains("WebTransport")),
        "the publisher came in over raw QUIC: " + log);
  }

  private static LiveChain.Result run(
      LiveStack relays, LiveStack clients, int relayCount, List<String> log) throws Exception {
    return LiveChain.run(
        ChainOptions.builder()
            .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
            .durationMicros(2_000_000)
            .subscribers(2)
            .lateMicros(0)
            .droppableTracks(Set.of())
            .stacks(relays, clients)
            .relays(relayCount)
            .log(log::add)
            .build());
  }

  private static void assertEveryObjectArrived(LiveChain.Result result, List<String> log) {
    for (String track : List.of("a1", "vlow", "vmid")) {
      long sent = result.publisher().objectsSent(track);
      assertTrue(sent > 0, track);
      for (SubscriberReport report : result.subscribers()) {
        assertTrue(report.completed(), report.endReason() + " " + log);
        TrackReport received = report.track(track);
        assertEquals(sent, received.received(), track + ": " + log);
      }
    }
  }
}
