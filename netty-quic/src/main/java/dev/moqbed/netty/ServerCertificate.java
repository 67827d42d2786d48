package dev.moqbed.netty;

import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;

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
   * The self-signed certificate kept in {@code directory} ({@code relay-cert.pem}, {@code
   * relay-key.pem}), generated there on first use.
   */
  // Netty 4.2 deprecates SelfSignedCertificate in favour of netty-pkitesting, a test library that
  // pulls in BouncyCastle; for a relay's throwaway localhost certificate the JDK-based generator
  // (keytool underneath on JDK 17) is enough.
  @SuppressWarnings("deprecation")
  public static ServerCertificate selfSigned(Path directory) {
    Path certificate = directory.resolve("relay-cert.pem");
    Path key = directory.resolve("relay-key.pem");
    if (Files.isReadable(certificate) && Files.isReadable(key)) {
      return new ServerCertificate(certificate, key);
    }
    try {
      Files.createDirectories(directory);
      SelfSignedCertificate generated =
          SelfSignedCertificate.builder().fqdn("localhost").algorithm("EC").bits(256).build();
      try {
        Files.copy(
            generated.certificate().toPath(), certificate, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(generated.privateKey().toPath(), key, StandardCopyOption.REPLACE_EXISTING);
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

  public Path certificateFile() {
    return certificateFile;
  }

  public Path keyFile() {
    return keyFile;
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
