package dev.moqbed.webtransport.http3;

import static dev.moqbed.webtransport.Hex.assertHttp3Error;
import static dev.moqbed.webtransport.Hex.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class Http3SettingsTest {
  /**
   * The SETTINGS a Chromium client sends for WebTransport (its quiche session code): QPACK table
   * 65536, field section 16384, blocked streams 100, H3_DATAGRAM and its draft-04 code, draft-02's
   * ENABLE_WEBTRANSPORT, then a grease pair (0x21 + 0x1f * 2^27); written out by hand from those
   * values.
   */
  private static final String CHROMIUM_SETTINGS =
      "01 80010000"
          + "06 80004000"
          + "07 4064"
          + "33 01"
          + "80ffd277 01"
          + "ab603742 01"
          + "c0000000f8000021 1b";

  @Test
  void shouldDecodeWhatChromiumSendsAndIgnoreItsGrease() {
    Http3Settings settings = Http3Settings.decode(bytes(CHROMIUM_SETTINGS));
    assertEquals(65_536, settings.valueOr(Http3SettingId.QPACK_MAX_TABLE_CAPACITY, 0));
    assertEquals(16_384, settings.valueOr(Http3SettingId.MAX_FIELD_SECTION_SIZE, 0));
    assertEquals(OptionalLong.of(1), settings.value(Http3SettingId.H3_DATAGRAM));
    assertEquals(OptionalLong.of(1), settings.value(Http3SettingId.H3_DATAGRAM_DRAFT04));
    assertEquals(OptionalLong.of(1), settings.value(Http3SettingId.ENABLE_WEBTRANSPORT_DRAFT02));
    assertEquals(OptionalLong.empty(), settings.value(Http3SettingId.ENABLE_CONNECT_PROTOCOL));
    assertEquals(7, settings.asMap().size());
  }

  @Test
  void shouldRoundTripInOrder() {
    Http3Settings sent =
        Http3Settings.builder()
            .set(Http3SettingId.ENABLE_CONNECT_PROTOCOL, 1)
            .set(Http3SettingId.H3_DATAGRAM, 1)
            .set(Http3SettingId.WEBTRANSPORT_MAX_SESSIONS_DRAFT07, 1)
            .build();
    byte[] payload = sent.encodePayload();
    assertArrayEquals(bytes("08 01 33 01 c0000000c671706a 01"), payload);
    assertEquals(
        List.copyOf(sent.asMap().keySet()),
        List.copyOf(Http3Settings.decode(payload).asMap().keySet()));
  }

  @Test
  void shouldRefuseARepeatedIdentifier() {
    assertHttp3Error(
        Http3ErrorCode.H3_SETTINGS_ERROR, () -> Http3Settings.decode(bytes("0801 0801")));
  }

  @Test
  void shouldRefuseHttp2Identifiers() {
    for (String id : List.of("00", "02", "03", "04", "05")) {
      assertHttp3Error(
          Http3ErrorCode.H3_SETTINGS_ERROR, () -> Http3Settings.decode(bytes(id + " 01")));
    }
    assertThrows(IllegalArgumentException.class, () -> Http3Settings.builder().set(0x04, 1));
  }

  @Test
  void shouldRefuseAPairCutShort() {
    assertHttp3Error(Http3ErrorCode.H3_FRAME_ERROR, () -> Http3Settings.decode(bytes("08")));
    assertHttp3Error(Http3ErrorCode.H3_FRAME_ERROR, () -> Http3Settings.decode(bytes("08 40")));
  }
}
