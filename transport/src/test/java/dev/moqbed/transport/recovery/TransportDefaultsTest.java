package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TransportDefaultsTest {

  @Test
  void shouldMatchPicoquicTransportParametersWhenRead() {
    assertEquals(1_048_576, TransportDefaults.INITIAL_MAX_DATA_BYTES);
    assertEquals(2_097_152, TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES);
    assertEquals(65_635, TransportDefaults.INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES);
    assertEquals(65_535, TransportDefaults.INITIAL_MAX_STREAM_DATA_UNI_BYTES);
    assertEquals(1440, TransportDefaults.MAX_PACKET_SIZE_BYTES);
    assertEquals(1252, TransportDefaults.INITIAL_MTU_BYTES);
    assertEquals(10_000, TransportDefaults.MAX_ACK_DELAY_MICROS);
    assertEquals(1_000, TransportDefaults.MIN_ACK_DELAY_MICROS);
    assertEquals(3, TransportDefaults.ACK_DELAY_EXPONENT);
    assertEquals(30_000_000, TransportDefaults.MAX_IDLE_TIMEOUT_MICROS);
    assertEquals(8, TransportDefaults.ACTIVE_CONNECTION_ID_LIMIT);
  }

  @Test
  void shouldMatchPicoquicPathInitialisationWhenRead() {
    assertEquals(250_000, TransportDefaults.INITIAL_RTT_MICROS);
    assertEquals(250_000, TransportDefaults.INITIAL_RETRANSMIT_TIMER_MICROS);
    assertEquals(15_360, TransportDefaults.INITIAL_CONGESTION_WINDOW_BYTES);
    assertEquals(3_072, TransportDefaults.MINIMUM_CONGESTION_WINDOW_BYTES);
  }
}
