package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LiveStackTest {
  @Test
  void shouldRunTheProjectsControllersOnTheProjectsStack() {
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "C4:variant=v4");
    assertEquals(LiveTransport.MOQBED, stack.transport());
    assertEquals("c4:variant=v4", stack.controller());
    assertEquals("c4:variant=v4 on moqbed's QUIC stack", stack.describe());
    assertEquals("newreno", LiveStack.of(LiveTransport.MOQBED, "newreno").controller());
  }

  @Test
  void shouldRunQuichesControllersOnQuiche() {
    LiveStack stack = LiveStack.of(LiveTransport.QUICHE, "quiche:bbr");
    assertEquals("quiche:bbr", stack.controller());
    assertEquals("quiche:bbr", stack.quicheSettings().controller().id());
  }

  @Test
  void shouldSayWhichTransportAControllerNeeds() {
    IllegalArgumentException onQuiche =
        assertThrows(
            IllegalArgumentException.class, () -> LiveStack.of(LiveTransport.QUICHE, "c4"));
    assertTrue(onQuiche.getMessage().contains("--transport moqbed"), onQuiche.getMessage());
    IllegalArgumentException onMoqbed =
        assertThrows(
            IllegalArgumentException.class,
            () -> LiveStack.of(LiveTransport.MOQBED, "quiche:cubic"));
    assertTrue(onMoqbed.getMessage().contains("--transport quiche"), onMoqbed.getMessage());
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class, () -> LiveStack.of(LiveTransport.MOQBED, "vegas"));
    assertTrue(unknown.getMessage().contains("valid: "), unknown.getMessage());
  }

  @Test
  void shouldParseTransportsWhateverTheirCaseAndListTheValidOnes() {
    assertEquals(LiveTransport.MOQBED, LiveTransport.parse("MoqBed"));
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> LiveTransport.parse("kwik"));
    assertEquals("unknown transport 'kwik'; valid: quiche, moqbed", error.getMessage());
  }

  @Test
  void shouldKeepTheControllerWhenTheIdleTimeoutChanges() {
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "bbr").withIdleTimeout(2_000_000);
    assertEquals("bbr", stack.controller());
    assertEquals(2_000_000, stack.quicheSettings().idleTimeoutMicros());
  }
}
