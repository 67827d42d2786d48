package dev.moqbed.transport.udp.bench;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import dev.moqbed.transport.udp.UdpSecurity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The bench's TLS: one self-signed localhost certificate made for the run in a temporary directory,
 * trusted by pinning on both stacks' clients, and the ALPN both sides offer.
 */
public final class BenchTls implements AutoCloseable {
  static final String ALPN = "moqbed-bench";

  private final Path directory;
  private final ServerCertificate certificate;
  private final ServerTlsContext serverContext;

  private BenchTls(Path directory) {
    this.directory = directory;
    this.certificate = ServerCertificate.selfSigned(directory);
    this.serverContext =
        ServerTlsContext.fromPemFiles(
            certificate.certificateFile(), certificate.keyFile(), List.of(ALPN));
  }

  /** Generates the certificate (a second or so). */
  public static BenchTls create() {
    try {
      return new BenchTls(Files.createTempDirectory("moqbed-bench-tls"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a directory for the bench's certificate", e);
    }
  }

  ServerCertificate certificate() {
    return certificate;
  }

  ClientTrust quicheTrust() {
    return ClientTrust.pinned(certificate.certificate());
  }

  UdpSecurity serverSecurity() {
    return UdpSecurity.tls(serverContext, null);
  }

  UdpSecurity clientSecurity() {
    return UdpSecurity.tls(
        null,
        ClientTlsConfig.of(
            "localhost", List.of(ALPN), ServerTrust.certificatesIn(certificate.certificateFile())));
  }

  @Override
  public void close() {
    serverContext.close();
    try {
      Files.deleteIfExists(certificate.certificateFile());
      Files.deleteIfExists(certificate.keyFile());
      Files.deleteIfExists(directory);
    } catch (IOException e) {
      // A temporary directory left behind: nothing to do about it here.
    }
  }
}
