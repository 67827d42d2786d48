package dev.moqbed.transport.tls;

import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tech.kwik.agent15.TlsConstants.SignatureScheme;

/**
 * The CertificateVerify schemes a server certificate can sign with, in the server's preference (RFC
 * 8446 §4.2.3): the ECDSA scheme of its curve, or RSA-PSS with the hash that suits the modulus
 * first. The same choice agent15's own engine factory makes, which the project no longer uses.
 */
final class SignatureSchemes {
  private SignatureSchemes() {}

  /**
   * @throws IllegalArgumentException for a key neither RSA nor EC on P-256, P-384 or P-521
   */
  static List<SignatureScheme> forCertificate(X509Certificate certificate) {
    PublicKey key = certificate.getPublicKey();
    if (key instanceof RSAPublicKey) {
      int bits = ((RSAPublicKey) key).getModulus().bitLength();
      Set<SignatureScheme> schemes = new LinkedHashSet<>();
      if (bits <= 2048) {
        schemes.add(SignatureScheme.rsa_pss_rsae_sha256);
      } else if (bits >= 4096) {
        schemes.add(SignatureScheme.rsa_pss_rsae_sha512);
      } else {
        schemes.add(SignatureScheme.rsa_pss_rsae_sha384);
      }
      schemes.addAll(
          List.of(
              SignatureScheme.rsa_pss_rsae_sha256,
              SignatureScheme.rsa_pss_rsae_sha384,
              SignatureScheme.rsa_pss_rsae_sha512));
      return List.copyOf(schemes);
    }
    if (key instanceof ECPublicKey) {
      int bits = ((ECPublicKey) key).getParams().getCurve().getField().getFieldSize();
      switch (bits) {
        case 256:
          return List.of(SignatureScheme.ecdsa_secp256r1_sha256);
        case 384:
          return List.of(SignatureScheme.ecdsa_secp384r1_sha384);
        case 521:
          return List.of(SignatureScheme.ecdsa_secp521r1_sha512);
        default:
          break;
      }
    }
    throw new IllegalArgumentException(
        "cannot sign with this certificate: its key is "
            + key.getAlgorithm()
            + ", not RSA or EC on P-256, P-384 or P-521");
  }
}
