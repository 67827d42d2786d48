package dev.moqbed.transport.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Certificates and keys in the PEM files the relay already uses ({@code ServerCertificate} in
 * netty-quic writes them): X.509 certificates, one or more per file, and an unencrypted PKCS#8
 * private key ({@code BEGIN PRIVATE KEY}), RSA or EC, the two kinds agent15 can sign with.
 *
 * <p>These are configuration files read at start-up, so problems are unchecked exceptions naming
 * the file.
 */
public final class PemFiles {
  private static final String KEY_BEGIN = "-----BEGIN PRIVATE KEY-----";
  private static final String KEY_END = "-----END PRIVATE KEY-----";

  /** Tried in turn: a PKCS#8 key does not say its algorithm in a form the JDK reads directly. */
  private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC");

  private PemFiles() {}

  /** Every certificate in {@code file}, leaf first when it holds a chain. */
  public static List<X509Certificate> readCertificates(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      List<X509Certificate> certificates = new ArrayList<>();
      // The JDK's X.509 factory reads PEM blocks itself and skips text between them.
      for (var certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        certificates.add((X509Certificate) certificate);
      }
      if (certificates.isEmpty()) {
        throw new IllegalArgumentException("no certificate in " + file);
      }
      return List.copyOf(certificates);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (CertificateException e) {
      throw new IllegalArgumentException("not a PEM certificate file: " + file, e);
    }
  }

  /** The unencrypted PKCS#8 private key in {@code file}. */
  public static PrivateKey readPrivateKey(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    int begin = text.indexOf(KEY_BEGIN);
    int end = text.indexOf(KEY_END);
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException(
          file + " holds no unencrypted PKCS#8 key (" + KEY_BEGIN + ")");
    }
    byte[] der;
    try {
      der = Base64.getMimeDecoder().decode(text.substring(begin + KEY_BEGIN.length(), end));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad base64 in " + file, e);
    }
    for (String algorithm : KEY_ALGORITHMS) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException e) {
        // Not this algorithm: try the next one.
      }
    }
    throw new IllegalArgumentException(file + " holds neither an RSA nor an EC key");
  }
}
