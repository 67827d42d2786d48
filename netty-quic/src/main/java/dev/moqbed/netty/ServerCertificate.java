package dev.moqbed.netty;

import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;

/**
 * The relay's TLS certificate and key, as PEM files: given by the user, or generated once
 * (self-signed, for {@code localhost}) and kept for the next start.
 */
public final class ServerCertificate {
  private final Path certificateFile;
  private final Path keyFile;
  private final X509Certificate certificate;

  private ServerCertificate(Path certificateFile, Path keyFile) {
    this.certificateFile = certificateFile;
    this.keyFile = keyFile;
    this.certificate = readCertificate(certificateFile);
  }

  /** The certificate and key in these PEM files (the key PKCS#8, unencrypted). */
  public static ServerCertificate fromFiles(Path certificateFile, Path keyFile) {
    if (!Files.isReadable(certificateFile)) {
      throw new IllegalArgumentException("cannot read certificate file " + certificateFile);
    }
    if (!Files.isReadable(keyFile)) {
      throw new IllegalArgumentException("cannot read key file " + keyFile);
    }
    return new ServerCertificate(certificateFile, keyFile);
  }

  /**
   * How long a generated certificate is valid: browsers take a self-signed certificate through
   * WebTransport's {@code serverCertificateHashes} only when it is valid for at most 14 days (and
   * its key is ECDSA P-256), so the relay makes one for 13 days and a new one when less than {@link
   * #RENEW_BEFORE} remains.
   */
  public static final Duration GENERATED_VALIDITY = Duration.ofDays(13);

  /** The remaining validity under which a kept self-signed certificate is replaced at start. */
  public static final Duration RENEW_BEFORE = Duration.ofDays(2);

  /**
   * The self-signed certificate kept in {@code directory} ({@code relay-cert.pem}, {@code
   * relay-key.pem}), generated there on first use, and again when the kept one expires within
   * {@link #RENEW_BEFORE} or would not be accepted through {@code serverCertificateHashes} (valid
   * longer than 14 days, or not ECDSA: those of earlier versions).
   */
  public static ServerCertificate selfSigned(Path directory) {
    return selfSigned(directory, Instant.now());
  }

  /** As {@link #selfSigned(Path)} at {@code now}: kept, or generated valid from then on. */
  // Netty 4.2 deprecates SelfSignedCertificate in favour of netty-pkitesting, a test library that
  // pulls in BouncyCastle; for a relay's throwaway localhost certificate the JDK-based generator
  // (keytool underneath on JDK 17) is enough.
  @SuppressWarnings("deprecation")
  public static ServerCertificate selfSigned(Path directory, Instant now) {
    Path certificate = directory.resolve("relay-cert.pem");
    Path key = directory.resolve("relay-key.pem");
    if (Files.isReadable(certificate) && Files.isReadable(key)) {
      ServerCertificate kept = new ServerCertificate(certificate, key);
      if (!kept.needsRenewal(now)) {
        return kept;
      }
    }
    try {
      Files.createDirectories(directory);
      // An hour back: a client whose clock runs a little behind still finds it valid.
      Instant notBefore = now.minus(Duration.ofHours(1));
      SelfSignedCertificate generated =
          SelfSignedCertificate.builder()
              .fqdn("localhost")
              .algorithm("EC")
              .bits(256)
              .notBefore(Date.from(notBefore))
              .notAfter(Date.from(now.plus(GENERATED_VALIDITY)))
              .build();
      try {
        replaceWith(generated.certificate().toPath(), certificate);
        replaceWith(generated.privateKey().toPath(), key);
      } finally {
        generated.delete();
      }
      return new ServerCertificate(certificate, key);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the relay certificate to " + directory, e);
    } catch (CertificateException e) {
      throw new IllegalStateException("cannot generate a self-signed certificate: " + e, e);
    }
  }

  /**
   * Puts {@code source}'s bytes at {@code target} in one step: a running relay renews its
   * certificate over the files a client's {@code --relay-cert} or another relay may be reading, and
   * they should find the old file or the new one, never half of one.
   */
  private static void replaceWith(Path source, Path target) throws IOException {
    // Copied to a name of this process's, not a temporary file: that would be readable by its owner
    // only, and the certificate was readable by all before.
    Path written =
        target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + ".new");
    try {
      Files.copy(source, written, StandardCopyOption.REPLACE_EXISTING);
      Files.move(
          written, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(written);
    }
  }

  public Path certificateFile() {
    return certificateFile;
  }

  public Path keyFile() {
    return keyFile;
  }

  /**
   * Whether a browser takes this certificate through {@code serverCertificateHashes} until {@code
   * until}: an ECDSA key, a validity of at most 14 days, still valid then.
   */
  public boolean isHashPinnable(Instant until) {
    Instant notBefore = certificate.getNotBefore().toInstant();
    Instant notAfter = certificate.getNotAfter().toInstant();
    return certificate.getPublicKey().getAlgorithm().equals("EC")
        && !notAfter.isAfter(notBefore.plus(Duration.ofDays(14)))
        && notAfter.isAfter(until);
  }

  /** Whether a relay should replace it at {@code now}: less than {@link #RENEW_BEFORE} is left. */
  public boolean needsRenewal(Instant now) {
    return !isHashPinnable(now.plus(RENEW_BEFORE));
  }

  /** When the certificate expires. */
  public Instant notAfter() {
    return certificate.getNotAfter().toInstant();
  }

  /**
   * The SHA-256 of the certificate's DER encoding, in hex: what a page passes to WebTransport as
   * {@code serverCertificateHashes} to trust a self-signed certificate.
   */
  public String sha256Hex() {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
      throw new IllegalStateException("cannot hash the certificate: " + e, e);
    }
  }

  /** The certificate, for a client that should trust exactly it. */
  public X509Certificate certificate() {
    return certificate;
  }

  QuicSslContextBuilder serverContext() {
    return QuicSslContextBuilder.forServer(keyFile.toFile(), null, certificateFile.toFile());
  }

  /** The certificate in a PEM file (to pin a relay's self-signed certificate on a client). */
  public static X509Certificate readCertificate(Path file) {
    try {
      byte[] bytes = Files.readAllBytes(file);
      return (X509Certificate)
          CertificateFactory.getInstance("X.509")
              .generateCertificate(new ByteArrayInputStream(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (CertificateException e) {
      throw new IllegalArgumentException("not a PEM certificate: " + file, e);
    }
  }
}
