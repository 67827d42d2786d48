package dev.moqbed.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --relay-cert FILE}: the certificate in the file when each connection starts. */
class ClientTrustTest {
  @TempDir Path directory;

  @Test
  void shouldPinTheCertificateTheRelayRenewedOverTheFile() {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    ClientTrust trust = ClientTrust.pinnedFile(first.certificateFile());
    assertEquals(first.certificate(), trust.pinnedCertificate());

    ServerCertificate renewed =
        ServerCertificate.selfSigned(directory, first.notAfter().minus(Duration.ofDays(1)));

    assertEquals(renewed.certificate(), trust.pinnedCertificate(), "the next connection's pin");
  }

  @Test
  void shouldKeepTheLastCertificateWhenTheFileCannotBeReadAnyMore() throws Exception {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    ClientTrust trust = ClientTrust.pinnedFile(first.certificateFile());

    Files.writeString(first.certificateFile(), "-----BEGIN CERTIFICATE-----\ncut");

    assertEquals(first.certificate(), trust.pinnedCertificate());
  }

  @Test
  void shouldRefuseABadFileAtOnce() throws Exception {
    Path file = directory.resolve("not.pem");
    Files.writeString(file, "nothing");
    assertThrows(IllegalArgumentException.class, () -> ClientTrust.pinnedFile(file));
  }
}
