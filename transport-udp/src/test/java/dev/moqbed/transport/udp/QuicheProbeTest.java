package dev.moqbed.transport.udp;

import dev.moqbed.netty.NettyConnection;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTrust;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("network")
class QuicheProbeTest {
  static Path resource(String name) throws Exception {
    return Path.of(QuicheProbeTest.class.getResource("/tls/" + name).toURI());
  }

  public static void main(String[] args) throws Exception {
    new QuicheProbeTest().probe();
    System.exit(0);
  }

  @Test
  void probe() throws Exception {
    CompletableFuture<NettyConnection> accepted = new CompletableFuture<>();
    try (QuicServer server =
        QuicServer.start(Loopback.ANY_LOOPBACK_PORT, QuicSettings.DEFAULT,
            ServerCertificate.fromFiles(resource("server-cert.pem"), resource("server-key.pem")),
            "moqbed-test", accepted::complete)) {
      UdpEndpoint client = UdpEndpoint.bind(Loopback.ANY_LOOPBACK_PORT, UdpLimits.defaults(),
          UdpSecurity.tls(null, ClientTlsConfig.of("localhost", List.of("moqbed-test"),
              ServerTrust.certificatesIn(resource("server-cert.pem")))), null);
      RecordingHandler handler = new RecordingHandler();
      client.connect(server.localAddress(), Loopback.config(Role.CLIENT), Loopback.controllers("c4"), handler);
      try {
        handler.ready.get(5, TimeUnit.SECONDS);
        System.out.println("READY client");
        accepted.get(5, TimeUnit.SECONDS);
        System.out.println("ACCEPTED server");
      } finally {
        System.out.println("stats " + client.stats());
        client.close();
      }
    }
  }
}
