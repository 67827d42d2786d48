package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Connections that never finish their MoQT setup cannot hold the relay's slots. */
class RelaySetupGateTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final MemoryLink LINK = MemoryLink.ofDelay(10_000);

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final List<String> log = new ArrayList<>();

  /** Records how a client connection that never speaks MoQT was closed: its code, -2 if open. */
  private static final class SilentClient implements TransportListener {
    long closeCode = -2;

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long code, String reason, boolean byPeer) {
      closeCode = code;
    }
  }

  /** A client at {@code peer} (the in-memory server sees it as {@code peer/client}). */
  private SilentClient connectSilently(Relay relay, String peer) {
    MemoryTransport.Pair pair = MemoryTransport.pair(scheduler, LINK, LINK, peer);
    SilentClient client = new SilentClient();
    pair.client().setListener(client);
    relay.serve(pair.server(), VERSION);
    return client;
  }

  private boolean[] connectAndSetUp(Relay relay, String peer) {
    MemoryTransport.Pair pair = MemoryTransport.pair(scheduler, LINK, LINK, peer);
    relay.serve(pair.server(), VERSION);
    boolean[] ready = new boolean[1];
    MoqtSession.client(
        pair.client(),
        new MoqtSessionListener() {
          @Override
          public void onReady(MoqtSession session) {
            ready[0] = true;
          }
        },
        VERSION);
    return ready;
  }

  @Test
  void shouldCloseAConnectionWithoutSetupAfterTheSetupTimeout() {
    Relay relay = new Relay(scheduler, RelayConfig.DEFAULT, log::add);
    SilentClient client = connectSilently(relay, "192.0.2.1");
    scheduler.runUntil(4_900_000);
    assertEquals(1, relay.sessionCount());
    assertEquals(-2, client.closeCode);
    scheduler.runUntil(5_100_000);
    assertEquals(SessionError.CONTROL_MESSAGE_TIMEOUT.code(), client.closeCode);
    assertEquals(0, relay.sessionCount());
    assertTrue(
        log.contains("session from 192.0.2.1/client closed: no MoQT setup within 5 s"), "" + log);
  }

  @Test
  void shouldKeepASessionThatCompletedItsSetupPastTheSetupTimeout() {
    Relay relay = new Relay(scheduler, RelayConfig.DEFAULT, log::add);
    boolean[] ready = connectAndSetUp(relay, "192.0.2.1");
    scheduler.runUntil(10_000_000);
    assertTrue(ready[0]);
    assertEquals(1, relay.sessionCount());
  }

  @Test
  void shouldRefuseTheConnectionsOfOneAddressBeyondItsPendingSetupsUntilTheyEnd() {
    RelayConfig config =
        RelayConfig.builder().maxPendingSetupsPerAddress(2).setupTimeoutMicros(1_000_000).build();
    Relay relay = new Relay(scheduler, config, log::add);
    SilentClient first = connectSilently(relay, "192.0.2.1");
    SilentClient second = connectSilently(relay, "192.0.2.1");
    SilentClient third = connectSilently(relay, "192.0.2.1");
    boolean[] elsewhere = connectAndSetUp(relay, "198.51.100.7");
    scheduler.runUntil(500_000);
    assertEquals(SessionError.TOO_MANY_REQUESTS.code(), third.closeCode);
    assertEquals(-2, first.closeCode);
    assertEquals(-2, second.closeCode);
    assertTrue(elsewhere[0], "another address is not held back");
    scheduler.runUntil(1_500_000);
    assertEquals(SessionError.CONTROL_MESSAGE_TIMEOUT.code(), first.closeCode);
    assertEquals(SessionError.CONTROL_MESSAGE_TIMEOUT.code(), second.closeCode);
    boolean[] later = connectAndSetUp(relay, "192.0.2.1");
    scheduler.runUntil(2_000_000);
    assertTrue(later[0], "the address is admitted again once its pending setups ended");
    assertEquals(2, relay.sessionCount());
  }

  @Test
  void shouldRejectBadLimitsWithOneLine() {
    IllegalArgumentException error =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> RelayConfig.builder().maxPendingSetupsPerAddress(0));
    assertEquals("--max-pending-setups-per-address must be at least 1", error.getMessage());
  }
}
