package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.VarInt;
import org.junit.jupiter.api.Test;

class ConnectionConfigTest {

  @Test
  void shouldStartFromPicoquicDefaults() {
    ConnectionConfig client = ConnectionConfig.picoquic(Role.CLIENT);
    assertEquals(Role.CLIENT, client.role());
    assertEquals(RttFlavor.PICOQUIC, client.recoveryFlavor());
    assertEquals(AckFlavor.PICOQUIC, client.ackFlavor());
    assertEquals(1252, client.initialMtuBytes());
    assertEquals(1440, client.maxMtuBytes());
    assertEquals(TransportDefaults.INITIAL_MAX_DATA_BYTES, client.initialMaxData());
    assertEquals(1532, client.maxDatagramFrameSizeBytes());
    assertEquals(0, ConnectionConfig.picoquic(Role.SERVER).maxDatagramFrameSizeBytes());
    assertNull(client.ecnOverride());
    assertEquals(30_000_000, client.idleTimeoutMicros());
    assertEquals(0, client.resumeSeedBytes());
    assertEquals(PacketNumberHoles.PICOQUIC_PERIOD, client.packetNumberHolePeriod());
  }

  @Test
  void shouldCopyIntoABuilderThatChangesOnlyWhatItSets() {
    ConnectionConfig seeded =
        ConnectionConfig.builder(Role.SERVER)
            .recoveryFlavor(RttFlavor.RFC9002)
            .resumeSeed(500_000, 80_000)
            .build();
    ConnectionConfig marked = seeded.toBuilder().ecnOverride(EcnMark.ECT_1).build();
    assertEquals(RttFlavor.RFC9002, marked.recoveryFlavor());
    assertEquals(500_000, marked.resumeSeedBytes());
    assertEquals(80_000, marked.resumeSeedRttMicros());
    assertEquals(EcnMark.ECT_1, marked.ecnOverride());
    assertNull(seeded.ecnOverride());
  }

  @Test
  void shouldOpenEveryWindowWithoutFlowControl() {
    ConnectionConfig open = ConnectionConfig.builder(Role.CLIENT).disableFlowControl().build();
    assertEquals(VarInt.MAX, open.initialMaxData());
    assertEquals(VarInt.MAX, open.initialMaxStreamDataBidiLocal());
    assertEquals(VarInt.MAX, open.initialMaxStreamDataBidiRemote());
    assertEquals(VarInt.MAX, open.initialMaxStreamDataUni());
  }

  @Test
  void shouldRejectBadValuesWhereTheyAreSet() {
    ConnectionConfig.Builder builder = ConnectionConfig.builder(Role.CLIENT);
    IllegalArgumentException holes =
        assertThrows(IllegalArgumentException.class, () -> builder.packetNumberHolePeriod(-1));
    assertEquals("hole period must be at least 0, got -1", holes.getMessage());
    IllegalArgumentException mtu =
        assertThrows(IllegalArgumentException.class, () -> builder.initialMtuBytes(1000));
    assertEquals("initial MTU must be 1200 to 65527 bytes, got 1000", mtu.getMessage());
    assertThrows(IllegalArgumentException.class, () -> builder.initialMaxData(-1));
    assertThrows(IllegalArgumentException.class, () -> builder.idleTimeoutMicros(0));
    assertThrows(IllegalArgumentException.class, () -> builder.resumeSeed(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> builder.recoveryFlavor(null));
    assertThrows(IllegalArgumentException.class, () -> ConnectionConfig.builder(null));
    IllegalArgumentException order =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConnectionConfig.builder(Role.SERVER).initialMtuBytes(1500).build());
    assertEquals("initial MTU 1500 exceeds max MTU 1440", order.getMessage());
    assertFalse(holes.getMessage().contains("\n"));
  }
}
