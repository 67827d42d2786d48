package dev.moqbed.transport.tls;

import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.crypto.KeyAgreement;

/**
 * A JCA provider with one job: ECDH and XDH for {@link EphemeralKey}s, and for nothing else.
 * agent15's {@code TlsState} computes the shared secret through {@code KeyAgreement.getInstance},
 * which picks, in the provider list, the first one that takes the key; the JDK's refuse this key
 * class, this one refuses every other, so other code's key agreements are untouched wherever it
 * stands in the list.
 *
 * <p>Installed once per JVM, and only used after a test agreement through {@code KeyAgreement} gave
 * the right secret: a JDK that accepts only signed providers in {@code javax.crypto} (Oracle's)
 * refuses it, and then the server's key exchange stays the JDK's ({@link #usable()} false).
 */
final class EphemeralKeyProvider extends Provider {
  private static final long serialVersionUID = 1L;
  private static final String NAME = "MoqbedEphemeral";

  private EphemeralKeyProvider() {
    super(NAME, "1.0", "ECDH and XDH for moqbed's ephemeral TLS keys (BouncyCastle)");
    for (String algorithm : List.of("ECDH", "XDH")) {
      putService(new AgreementService(this, algorithm));
    }
  }

  /** Whether agent15's key agreements reach this provider in this JVM (installing it once). */
  static boolean usable() {
    return Installed.USABLE;
  }

  private static final class Installed {
    static final boolean USABLE = install();

    private static boolean install() {
      if (Security.getProvider(NAME) == null) {
        Security.addProvider(new EphemeralKeyProvider());
      }
      return agreesThroughJca("ECDH", BcP256::newPair)
          && agreesThroughJca("XDH", BcX25519::newPair);
    }

    /** Two fresh pairs agree through {@code KeyAgreement}, as agent15 will ask. */
    private static boolean agreesThroughJca(
        String algorithm, java.util.function.Function<SecureRandom, EphemeralPair> pairs) {
      SecureRandom random = new SecureRandom();
      EphemeralPair a = pairs.apply(random);
      EphemeralPair b = pairs.apply(random);
      try {
        return Arrays.equals(agree(algorithm, a, b), agree(algorithm, b, a));
      } catch (java.security.GeneralSecurityException | RuntimeException e) {
        return false;
      }
    }

    private static byte[] agree(String algorithm, EphemeralPair own, EphemeralPair peer)
        throws java.security.GeneralSecurityException {
      KeyAgreement agreement = KeyAgreement.getInstance(algorithm);
      agreement.init(own.privateKey());
      agreement.doPhase(peer.publicKey(), true);
      return agreement.generateSecret();
    }
  }

  /** Takes only {@link EphemeralKey}s, and makes its agreement without reflection. */
  private static final class AgreementService extends Provider.Service {
    AgreementService(Provider provider, String algorithm) {
      super(
          provider,
          "KeyAgreement",
          algorithm,
          EphemeralKeyAgreement.class.getName(),
          null,
          Map.of("SupportedKeyClasses", EphemeralKey.class.getName()));
    }

    @Override
    public boolean supportsParameter(Object parameter) {
      return parameter instanceof EphemeralKey;
    }

    @Override
    public Object newInstance(Object constructorParameter) {
      return new EphemeralKeyAgreement();
    }
  }
}
