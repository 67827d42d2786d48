package dev.moqbed.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerCertificateTest {
  @TempDir Path directory;

  @Test
  void shouldGenerateOnceForLocalhostAndReuseAfterwards() {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    assertTrue(Files.isRegularFile(directory.resolve("relay-cert.pem")));
    assertTrue(Files.isRegularFile(directory.resolve("relay-key.pem")));
    assertEquals("CN=localhost", first.certificate().getSubjectX500Principal().getName());
    // ECDSA P-256: far cheaper to sign a handshake with than RSA-2048, and what a browser's
    // serverCertificateHashes accepts.
    java.security.interfaces.ECPublicKey key =
        (java.security.interfaces.ECPublicKey) first.certificate().getPublicKey();
    assertEquals(256, key.getParams().getCurve().getField().getFieldSize());
    ServerCertificate second = ServerCertificate.selfSigned(directory);
    assertEquals(first.certificate(), second.certificate());
  }

  @Test
  void shouldRefuseMissingFiles() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> ServerCertificate.fromFiles(directory.resolve("no.pem"), directory.resolve("k")));
    assertTrue(error.getMessage().startsWith("cannot read certificate file"), error.getMessage());
  }
}
