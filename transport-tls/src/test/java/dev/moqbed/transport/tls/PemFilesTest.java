package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemFilesTest {
  @TempDir Path directory;

  @Test
  void readsTheRelaysCertificateAndRsaKey() {
    assertEquals(
        List.of(Fixtures.RELAY.certificate()),
        PemFiles.readCertificates(Fixtures.RELAY_PEM.certificateFile()));
    assertEquals(Fixtures.RELAY.key(), PemFiles.readPrivateKey(Fixtures.RELAY_PEM.keyFile()));
  }

  @Test
  void readsAnEcKey() {
    assertEquals(Fixtures.STRANGER.key(), PemFiles.readPrivateKey(Fixtures.STRANGER_PEM.keyFile()));
  }

  @Test
  void readsAChainInOrder() throws Exception {
    Path chain = directory.resolve("chain.pem");
    Files.writeString(
        chain,
        TestCertificates.pem("CERTIFICATE", Fixtures.RELAY.certificate().getEncoded())
            + "some text between blocks\n"
            + TestCertificates.pem("CERTIFICATE", Fixtures.STRANGER.certificate().getEncoded()));

    assertEquals(
        List.of(Fixtures.RELAY.certificate(), Fixtures.STRANGER.certificate()),
        PemFiles.readCertificates(chain));
  }

  @Test
  void refusesKeysItCannotRead() throws IOException {
    Path pkcs1 = directory.resolve("rsa.pem");
    Files.writeString(pkcs1, TestCertificates.pem("RSA PRIVATE KEY", new byte[] {1, 2, 3}));
    Path notAKey = directory.resolve("junk.pem");
    Files.writeString(notAKey, TestCertificates.pem("PRIVATE KEY", new byte[] {1, 2, 3}));

    assertThrows(IllegalArgumentException.class, () -> PemFiles.readPrivateKey(pkcs1));
    assertThrows(IllegalArgumentException.class, () -> PemFiles.readPrivateKey(notAKey));
  }

  @Test
  void refusesAFileWithoutCertificates() throws IOException {
    Path empty = directory.resolve("empty.pem");
    Files.writeString(empty, "");

    assertThrows(IllegalArgumentException.class, () -> PemFiles.readCertificates(empty));
  }
}
