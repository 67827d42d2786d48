package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.TransportListener;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A peer that sends malformed MoQT to the live relay is closed with PROTOCOL_VIOLATION. */
@Tag("network")
class RelayBadInputNetworkTest {

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void shouldCloseWithProtocolViolationAndOneLogLineWhenControlBytesAreMalformed()
      throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-test-"));
    List<String> log = new CopyOnWriteArrayList<>();
    Relay[] relay = new Relay[1];
    MoqtVersion version = MoqtVersion.DRAFT_14;
    try (QuicServer server =
        QuicServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            QuicSettings.DEFAULT,
            certificate,
            version.alpn(),
            connection -> relay[0].serve(connection, version))) {
      relay[0] = new Relay(server.scheduler(), RelayConfig.DEFAULT, log::add);
      CompletableFuture<Long> closeCode = new CompletableFuture<>();
      QuicClient client =
          QuicClient.connect(
              server.localAddress(),
              "localhost",
              QuicSettings.DEFAULT,
              ClientTrust.pinned(certificate.certificate()),
              version.alpn(),
              connection -> {
                connection.setListener(
                    new TransportListener() {
                      @Override
                      public void onBidirectionalStream(BidirectionalStream stream) {}

                      @Override
                      public void onUnidirectionalStream(ReceiveStream stream) {}

                      @Override
                      public void onDatagram(ByteBuffer payload) {}

                      @Override
                      public void onClosed(long code, String reason, boolean byPeer) {
                        closeCode.complete(code);
                      }
                    });
                // CLIENT_SETUP whose length says 3 bytes but whose version count says 63.
                connection
                    .openBidirectionalStream()
                    .send()
                    .write(ByteBuffer.wrap(new byte[] {0x20, 0x00, 0x03, 0x3f, 0x01, 0x02}));
              });
      try {
        assertEquals(SessionError.PROTOCOL_VIOLATION.code(), closeCode.get(10, TimeUnit.SECONDS));
      } finally {
        client.close();
      }
    }
    assertEquals(1, log.size(), log.toString());
    assertTrue(log.get(0).contains("code 0x3: PROTOCOL_VIOLATION"), log.get(0));
  }
}
