package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The start-up rehearsal completes a whole handshake with the server's own TLS context. */
class HandshakeRehearsalTest {
  @Test
  void shouldCompleteAHandshakeWithTheServersContext() throws Exception {
    try (ServerTlsContext tls = Fixtures.relayContext(List.of(Fixtures.MOQT_ALPN))) {
      long start = System.nanoTime();
      assertTrue(
          HandshakeRehearsal.run(
              tls, Fixtures.MOQT_ALPN, ControllerRegistry.standard().parse("c4")));
      System.out.println(
          "rehearsal took " + (System.nanoTime() - start) / 1_000_000 + " ms (cold JVM)");
    }
  }
}
