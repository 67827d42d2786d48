package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which lost packets are retransmissions in picoquic's sense: a probe timeout on a packet that
 * carried only a DATAGRAM (media_ws's audio) declares it lost but counts no retransmission and asks
 * for no probe ({@code picoquic_retransmit_needed_packet}: "nothing to copy").
 */
class LostFramesTest {
  private static final Frame DATAGRAM = new Frame.Datagram(DatagramPayload.of(new byte[80]));

  @Test
  void shouldNotCountADatagramAckOrPaddingAsSomethingToSendAgain() {
    assertFalse(LostFrames.anySentAgain(List.of(DATAGRAM)));
    assertFalse(LostFrames.anySentAgain(List.of(DATAGRAM, new Frame.Padding(10))));
    assertFalse(LostFrames.anySentAgain(List.of()));
  }

  @Test
  void shouldCountAPingOrAControlFrameAsSomethingToSendAgain() {
    assertTrue(LostFrames.anySentAgain(List.of(new Frame.Ping(), new Frame.Padding(1_000))));
    assertTrue(LostFrames.anySentAgain(List.of(DATAGRAM, new Frame.MaxData(1_000_000))));
    assertTrue(LostFrames.anySentAgain(List.of(new Frame.HandshakeDone())));
  }
}
