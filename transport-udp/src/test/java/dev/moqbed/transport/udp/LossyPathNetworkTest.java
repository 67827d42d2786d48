package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every stream byte arrives, intact, through a forwarder that drops and reorders datagrams. */
@Tag("network")
@Timeout(value = 40, unit = TimeUnit.SECONDS)
class LossyPathNetworkTest {
  private static final int DROP_PERCENT = 3;
  private static final int REORDER_PERCENT = 5;

  @ParameterizedTest
  @ValueSource(strings = {"c4", "cubic"})
  void shouldDeliverEveryStreamByteBothWaysThroughLossAndReordering(String cc) throws Exception {
    byte[] upload = Loopback.bytes(1_000_000, 11);
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new Requester(upload);
    try (Loopback loopback =
            new Loopback(
                Loopback.config(Role.SERVER),
                cc,
                accepted -> {
                  RecordingHandler server = new UdpEndpointNetworkTest.EchoServer(new byte[0]);
                  servers.add(server);
                  return server;
                });
        LossyForwarder forwarder =
            new LossyForwarder(loopback.server.localAddress(), 17, DROP_PERCENT, REORDER_PERCENT)) {
      UdpConnection connection =
          loopback.connect(forwarder.address(), Loopback.config(Role.CLIENT), cc, client);

      byte[] echoed = client.finished(0).get(30, TimeUnit.SECONDS);
      RecordingHandler server = loopback.server.call(() -> servers.get(0));
      assertArrayEquals(upload, server.finished(0).get(1, TimeUnit.SECONDS), "upload");
      assertArrayEquals(upload, echoed, "download");
      assertNull(client.error);
      assertNull(server.error);
      assertTrue(forwarder.dropped() > 10, "dropped " + forwarder.dropped());
      assertTrue(forwarder.reordered() > 10, "reordered " + forwarder.reordered());
      long lost = loopback.client.call(() -> connection.connection().stats().packetsLost());
      assertTrue(lost > 0, "the client saw losses");
      assertEquals(0, loopback.server.stats().internalErrors());
    }
  }
}
