package dev.moqbed.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.handler.codec.quic.QuicCongestionControlAlgorithm;
import org.junit.jupiter.api.Test;

class QuicheControllerTest {

  @Test
  void shouldMapEachIdToQuichesAlgorithm() {
    assertEquals(
        QuicCongestionControlAlgorithm.CUBIC, QuicheController.parse("quiche:cubic").algorithm());
    assertEquals(
        QuicCongestionControlAlgorithm.BBR, QuicheController.parse("quiche:bbr").algorithm());
    assertEquals(
        QuicCongestionControlAlgorithm.RENO, QuicheController.parse("quiche:reno").algorithm());
    assertEquals(
        QuicCongestionControlAlgorithm.BBR, QuicheController.parse("QUICHE:BBR").algorithm());
  }

  @Test
  void shouldSayWhereTheProjectsControllersRunWhenAskedForOne() {
    for (String id : new String[] {"c4", "bbr", "cubic:flavor=rfc", "newreno"}) {
      IllegalArgumentException error =
          assertThrows(IllegalArgumentException.class, () -> QuicheController.parse(id));
      assertEquals(
          "controller '"
              + id
              + "' is the project's own: run it live with --transport moqbed; on quiche use"
              + " quiche:cubic, quiche:bbr, quiche:reno",
          error.getMessage());
    }
  }

  @Test
  void shouldListTheValidIdsForAnUnknownOne() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> QuicheController.parse("quiche:vegas"));
    assertEquals(
        "unknown controller 'quiche:vegas'; on real QUIC use quiche:cubic, quiche:bbr, quiche:reno",
        error.getMessage());
  }
}
