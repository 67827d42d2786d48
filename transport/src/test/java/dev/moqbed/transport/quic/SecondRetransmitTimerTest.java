package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.AckFlavor;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecondRetransmitTimerTest {
  private final PacketNumberSpace application =
      new PacketNumberSpace(PacketSpace.APPLICATION, AckFlavor.PICOQUIC, 0);

  private void sent(long packetNumber, long sentMicros) {
    application.sentPackets.addLast(
        new SentPacket()
            .fill(
                PacketSpace.APPLICATION, packetNumber, sentMicros, 1_440, true, false, List.of()));
  }

  @Test
  void shouldFallDueTwoTimersAfterTheOldestPacketWhileTheSenderKeepsSending() {
    // media_ws in picoquic: the link stops delivering at 1.80 s; the audio datagram sent at
    // 1,796,352 us is lost by timer at 1,849,562 us, while new packets keep leaving every 20 ms
    // (so last packet sent + one timer never comes).
    sent(657, 1_796_352);
    sent(668, 1_836_352);
    assertEquals(
        1_796_352 + 2 * 26_000,
        SecondRetransmitTimer.deadlineMicros(application, false, 26_000, 1_849_562));
  }

  @Test
  void shouldNotFallDueBeforeTheLastPacketSentNorWithARetransmissionPending() {
    sent(657, 1_796_352);
    // The deadline (1,848,352) is not before the last packet sent: the first timer's business.
    assertEquals(
        Long.MAX_VALUE,
        SecondRetransmitTimer.deadlineMicros(application, false, 26_000, 1_848_352));
    assertEquals(
        Long.MAX_VALUE, SecondRetransmitTimer.deadlineMicros(application, true, 26_000, 1_900_000));
    application.sentPackets.clear();
    assertEquals(
        Long.MAX_VALUE,
        SecondRetransmitTimer.deadlineMicros(application, false, 26_000, 1_900_000));
  }
}
