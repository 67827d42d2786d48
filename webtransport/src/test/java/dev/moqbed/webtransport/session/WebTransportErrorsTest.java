package dev.moqbed.webtransport.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WebTransportErrorsTest {
  @Test
  void shouldMapTheEndsOfTheRange() {
    assertEquals(0x52e4a40fa8dbL, WebTransportErrors.toHttp3(0));
    assertEquals(0x52e5ac983162L, WebTransportErrors.toHttp3(0xffff_ffffL));
    assertEquals(0xffff_ffffL, WebTransportErrors.fromHttp3(0x52e5ac983162L));
  }

  @Test
  void shouldSkipGreaseValuesAndRoundTrip() {
    for (long code = 0; code < 10_000; code++) {
      long http3 = WebTransportErrors.toHttp3(code);
      assertEquals(0, (http3 - 0x21) % 0x1f == 0 ? 1 : 0, "code " + code + " mapped to grease");
      assertEquals(code, WebTransportErrors.fromHttp3(http3));
    }
    // The first grease value of the block lies between the codes 0x1d and 0x1e.
    assertEquals(WebTransportErrors.toHttp3(0x1d) + 2, WebTransportErrors.toHttp3(0x1e));
    assertEquals(-1, WebTransportErrors.fromHttp3(WebTransportErrors.toHttp3(0x1d) + 1));
  }

  @Test
  void shouldRefuseCodesOutsideTheRange() {
    assertEquals(-1, WebTransportErrors.fromHttp3(0x10c));
    assertThrows(IllegalArgumentException.class, () -> WebTransportErrors.toHttp3(1L << 32));
  }
}
