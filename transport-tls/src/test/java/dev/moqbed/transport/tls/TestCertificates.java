package dev.moqbed.transport.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Self-signed and CA-signed test certificates, written as the PEM files the relay uses
 * (netty-quic's {@code ServerCertificate}: the certificate, and the key as unencrypted PKCS#8).
 * Built here with a few lines of DER, since the JDK has no certificate builder and the tests should
 * not start keytool.
 */
final class TestCertificates {
  private static final String SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
  private static final String ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
  private static final String COMMON_NAME = "2.5.4.3";
  private static final String SUBJECT_ALT_NAME = "2.5.29.17";
  private static final String BASIC_CONSTRAINTS = "2.5.29.19";

  /** A certificate with its key. */
  record Issued(X509Certificate certificate, PrivateKey key) {
    /** Writes {@code name-cert.pem} and {@code name-key.pem} into {@code directory}. */
    Pem writeTo(Path directory, String name, X509Certificate... issuers) {
      Path certificateFile = directory.resolve(name + "-cert.pem");
      Path keyFile = directory.resolve(name + "-key.pem");
      StringBuilder chain = new StringBuilder(pem("CERTIFICATE", encoded(certificate)));
      for (X509Certificate issuer : issuers) {
        chain.append(pem("CERTIFICATE", encoded(issuer)));
      }
      try {
        Files.writeString(certificateFile, chain, StandardCharsets.US_ASCII);
        Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
        certificateFile.toFile().deleteOnExit();
        keyFile.toFile().deleteOnExit();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new Pem(certificateFile, keyFile);
    }
  }

  record Pem(Path certificateFile, Path keyFile) {}

  private TestCertificates() {}

  static KeyPair rsaKeys() {
    return keys("RSA", 2048);
  }

  static KeyPair ecKeys() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"));
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A self-signed end-entity certificate for {@code commonName} and these DNS names. */
  static Issued selfSigned(KeyPair keys, String commonName, String... dnsNames) {
    return issue(keys, commonName, keys, commonName, false, dnsNames);
  }

  /** A self-signed CA certificate. */
  static Issued authority(KeyPair keys, String commonName) {
    return issue(keys, commonName, keys, commonName, true);
  }

  /** An end-entity certificate signed by {@code issuer}. */
  static Issued signedBy(Issued issuer, KeyPair keys, String commonName, String... dnsNames) {
    String issuerName = issuer.certificate().getSubjectX500Principal().getName().substring(3);
    KeyPair issuerKeys = new KeyPair(issuer.certificate().getPublicKey(), issuer.key());
    return issue(keys, commonName, issuerKeys, issuerName, false, dnsNames);
  }

  private static Issued issue(
      KeyPair subjectKeys,
      String subjectName,
      KeyPair issuerKeys,
      String issuerName,
      boolean authority,
      String... dnsNames) {
    boolean rsa = issuerKeys.getPrivate().getAlgorithm().equals("RSA");
    byte[] algorithm =
        rsa
            ? Der.sequence(Der.oid(SHA256_WITH_RSA), Der.nullValue())
            : Der.sequence(Der.oid(ECDSA_WITH_SHA256));
    List<byte[]> extensions = new ArrayList<>();
    if (dnsNames.length > 0) {
      List<byte[]> names = new ArrayList<>();
      for (String dns : dnsNames) {
        names.add(Der.implicitPrimitive(2, dns.getBytes(StandardCharsets.US_ASCII)));
      }
      extensions.add(
          Der.sequence(
              Der.oid(SUBJECT_ALT_NAME),
              Der.octetString(Der.sequence(names.toArray(new byte[0][])))));
    }
    if (authority) {
      extensions.add(
          Der.sequence(
              Der.oid(BASIC_CONSTRAINTS),
              Der.bool(true),
              Der.octetString(Der.sequence(Der.bool(true)))));
    }
    byte[] tbs =
        Der.sequence(
            Der.explicit(0, Der.integer(BigInteger.TWO)),
            Der.integer(
                BigInteger.valueOf(subjectName.hashCode() & 0x7fffffffL).add(BigInteger.ONE)),
            algorithm,
            name(issuerName),
            Der.sequence(Der.utcTime("200101000000"), Der.utcTime("491231235959")),
            name(subjectName),
            subjectKeys.getPublic().getEncoded(),
            Der.explicit(3, Der.sequence(extensions.toArray(new byte[0][]))));
    try {
      Signature signer = Signature.getInstance(rsa ? "SHA256withRSA" : "SHA256withECDSA");
      signer.initSign(issuerKeys.getPrivate());
      signer.update(tbs);
      byte[] der = Der.sequence(tbs, algorithm, Der.bitString(signer.sign()));
      X509Certificate certificate =
          (X509Certificate)
              CertificateFactory.getInstance("X.509")
                  .generateCertificate(new ByteArrayInputStream(der));
      return new Issued(certificate, subjectKeys.getPrivate());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] name(String commonName) {
    return Der.sequence(Der.set(Der.sequence(Der.oid(COMMON_NAME), Der.utf8(commonName))));
  }

  private static KeyPair keys(String algorithm, int bits) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
      generator.initialize(bits);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] encoded(X509Certificate certificate) {
    try {
      return certificate.getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Base64 in 64-character lines between the armour, as Netty writes it. */
  static String pem(String type, byte[] der) {
    String body = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
  }
}
