package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.cc.PacketSpace;
import java.util.List;
import org.junit.jupiter.api.Test;

class MtuDiscoveryTest {
  private long nextPacketNumber;

  private MtuDiscovery discovered() {
    MtuDiscovery mtu = new MtuDiscovery(ConnectionConfig.picoquic(Role.SERVER));
    mtu.start();
    SentPacket probe = packet(1_440, true);
    mtu.onProbeSent();
    mtu.onPacketAcknowledged(probe);
    assertEquals(1_440, mtu.mtuBytes());
    return mtu;
  }

  private SentPacket packet(int size, boolean probe) {
    return new SentPacket()
        .fill(PacketSpace.APPLICATION, nextPacketNumber++, 0, size, true, probe, List.of());
  }

  @Test
  void shouldResetOnTheEleventhFullSizeLossThenAgainAfterEachAckThatBringsTheSizeBack() {
    // picoquic_check_path_mtu_on_losses: nb_mtu_losses > 10 resets send_mtu to 1,252, and the
    // count is not cleared by the reset. frames.c: an acknowledged packet larger than send_mtu
    // sets send_mtu to its size. So in a burst of losses the size drops after every ACK.
    MtuDiscovery mtu = discovered();
    for (int i = 0; i < 10; i++) {
      mtu.onPacketLost(packet(1_440, false), true);
    }
    assertEquals(1_440, mtu.mtuBytes());
    mtu.onPacketLost(packet(1_440, false), true);
    assertEquals(1_252, mtu.mtuBytes());
    mtu.onPacketAcknowledged(packet(1_440, false));
    assertEquals(1_440, mtu.mtuBytes(), "a full-size packet sent before the reset brings it back");
    mtu.onPacketLost(packet(1_440, false), true);
    assertEquals(1_252, mtu.mtuBytes(), "the count stays above the threshold");
  }

  @Test
  void shouldClearTheCountWhenAPacketOfTheCurrentSizeIsAcknowledged() {
    MtuDiscovery mtu = discovered();
    for (int i = 0; i < 10; i++) {
      mtu.onPacketLost(packet(1_440, false), true);
    }
    mtu.onPacketAcknowledged(packet(1_440, false));
    mtu.onPacketLost(packet(1_440, false), true);
    assertEquals(1_440, mtu.mtuBytes());
  }

  @Test
  void shouldCountOnlyLossesOfTheCurrentSizeOnceReady() {
    // Before the ready state picoquic does not count; a 1,438-byte packet is not full-size.
    MtuDiscovery mtu = discovered();
    for (int i = 0; i < 20; i++) {
      mtu.onPacketLost(packet(1_440, false), false);
      mtu.onPacketLost(packet(1_438, false), true);
    }
    assertEquals(1_440, mtu.mtuBytes());
  }
}
