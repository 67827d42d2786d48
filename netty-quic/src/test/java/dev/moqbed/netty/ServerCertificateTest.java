package dev.moqbed.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
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
  void shouldBeValidForAtMostFourteenDaysAsBrowsersRequireOfAPinnedHash() {
    ServerCertificate generated = ServerCertificate.selfSigned(directory);
    Duration validity =
        Duration.between(
            generated.certificate().getNotBefore().toInstant(),
            generated.certificate().getNotAfter().toInstant());
    assertTrue(validity.compareTo(Duration.ofDays(14)) <= 0, validity.toString());
    assertTrue(validity.compareTo(Duration.ofDays(13)) >= 0, validity.toString());
    assertTrue(generated.isHashPinnable(Instant.now()));
    assertEquals(64, generated.sha256Hex().length());
    assertTrue(generated.sha256Hex().matches("[0-9a-f]{64}"));
  }

  @Test
  void shouldReplaceAKeptCertificateThatExpiresSoonOrIsValidTooLong() throws Exception {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    // Not pinnable two weeks from now: the next start must renew it.
    assertFalse(first.isHashPinnable(Instant.now().plus(Duration.ofDays(14))));
    // A certificate of the kind earlier versions kept (valid for years) is replaced at once.
    @SuppressWarnings("deprecation")
    io.netty.handler.ssl.util.SelfSignedCertificate longLived =
        io.netty.handler.ssl.util.SelfSignedCertificate.builder()
            .fqdn("localhost")
            .algorithm("EC")
            .bits(256)
            .build();
    Files.copy(
        longLived.certificate().toPath(),
        directory.resolve("relay-cert.pem"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        longLived.privateKey().toPath(),
        directory.resolve("relay-key.pem"),
        StandardCopyOption.REPLACE_EXISTING);
    longLived.delete();
    ServerCertificate renewed = ServerCertificate.selfSigned(directory);
    assertTrue(renewed.isHashPinnable(Instant.now()));
    assertNotEquals(first.sha256Hex(), renewed.sha256Hex());
  }

  @Test
  void shouldNeedRenewalTwoDaysBeforeItExpiresAndBeRenewedInPlace() throws Exception {
    ServerCertificate first = ServerCertificate.selfSigned(directory);
    Instant expiry = first.notAfter();
    assertFalse(first.needsRenewal(expiry.minus(ServerCertificate.RENEW_BEFORE).minusSeconds(60)));
    assertTrue(first.needsRenewal(expiry.minus(ServerCertificate.RENEW_BEFORE).plusSeconds(60)));

    Instant late = expiry.minus(Duration.ofDays(1));
    ServerCertificate renewed = ServerCertificate.selfSigned(directory, late);
    assertNotEquals(first.sha256Hex(), renewed.sha256Hex());
    assertEquals(first.certificateFile(), renewed.certificateFile(), "written over the same file");
    assertFalse(renewed.needsRenewal(late));
    assertTrue(renewed.isHashPinnable(late.plus(Duration.ofDays(12))));
    try (var listing = Files.list(directory)) {
      assertEquals(
          java.util.List.of("relay-cert.pem", "relay-key.pem"),
          listing.map(file -> file.getFileName().toString()).sorted().toList(),
          "no file of the replacement left behind");
    }
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
