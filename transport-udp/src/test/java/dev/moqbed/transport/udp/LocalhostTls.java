package dev.moqbed.transport.udp;

import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.nio.file.Path;
import java.util.List;

/**
 * The test certificate for "localhost" as the endpoint tests in virtual time use it: the server's
 * TLS context and a client configuration that trusts that certificate. Loaded per test instance (a
 * field initializer), so a test class needs no set-up method; the server context is closed after
 * each test.
 */
record LocalhostTls(ServerTlsContext server, ClientTlsConfig client) {

  static LocalhostTls load(List<String> alpn) {
    try {
      Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
      return new LocalhostTls(
          ServerTlsContext.fromPemFiles(
              certificate, QuicheServerInteropNetworkTest.resource("server-key.pem"), alpn),
          ClientTlsConfig.of("localhost", alpn, ServerTrust.certificatesIn(certificate)));
    } catch (Exception e) {
      throw new IllegalStateException("the test certificate: " + e.getMessage(), e);
    }
  }
}
