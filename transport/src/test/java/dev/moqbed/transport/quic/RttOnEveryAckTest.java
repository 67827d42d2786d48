package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.recovery.AckFrame;
import org.junit.jupiter.api.Test;

/**
 * picoquic takes an RTT sample from every ACK that acknowledges a packet ({@code
 * process_decoded_packet_data} calls {@code picoquic_update_path_rtt} with the highest packet it
 * recorded), not only from one with a new largest as RFC 9002 §5.1 does. Here an ACK that arrives
 * late and acknowledges only an older packet still gives a sample.
 */
class RttOnEveryAckTest {

  @Test
  void anAckOfAnOlderPacketOnlyGivesAnRttSample() {
    ReadyPair pair = new ReadyPair();
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 100_000);
    pair.clientDeaf = true; // the test acknowledges the server's packets itself
    int before = pair.applicationNumbers.size();
    long stream = pair.server.openUnidirectionalStream(0);
    pair.server.writeCount(stream, 6_000);
    pair.scheduler.runWhile(
        () -> pair.applicationNumbers.size() < before + 4, pair.scheduler.nowMicros() + 50_000);
    long sentMicros = pair.scheduler.nowMicros();
    // two numbers in a row (the server skips one now and then), the later one newer
    int i = pair.applicationNumbers.size() - 1;
    while (pair.applicationNumbers.get(i - 1) + 1 != pair.applicationNumbers.get(i)) {
      i--;
    }
    assertTrue(i - 1 >= before, "two packets in a row: " + pair.applicationNumbers);
    long older = pair.applicationNumbers.get(i - 1);
    long newer = pair.applicationNumbers.get(i);

    pair.scheduler.runUntil(sentMicros + 20_000);
    pair.inject(new Frame.Ack(AckFrame.of(0, 3, newer, newer), null));
    assertEquals(20_000, pair.server.path().latestRttMicros(), 1_000, "the new largest's sample");

    pair.scheduler.runUntil(sentMicros + 60_000);
    pair.inject(new Frame.Ack(AckFrame.of(0, 3, older, newer), null));
    // the older packet left before the newer one, so its sample is at least these 60 ms
    long latest = pair.server.path().latestRttMicros();
    assertTrue(
        latest >= 60_000,
        "a sample from the older packet, acknowledged without a new largest: " + latest);
  }
}
