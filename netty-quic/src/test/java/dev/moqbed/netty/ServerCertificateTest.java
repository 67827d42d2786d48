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
