package dev.moqbed.benchmarks.transport;

import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.crypto.KeyAgreement;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.generators.ECKeyPairGenerator;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECKeyGenerationParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.rfc7748.X25519;
import org.bouncycastle.util.BigIntegers;

/**
 * The public-key operations of a TLS server's answer to a ClientHello, one by one, with the JDK
 * 17's SunEC and with BouncyCastle's lightweight API: where the server's handshake CPU goes
 * (docs/results/handshake-cost-2026-12-07.md). Prints each operation's CPU time (the thread's) and
 * bytes allocated, all operations in one JVM, in interleaved rounds, the first round a warm-up:
 * {@code java -cp benchmarks.jar dev.moqbed.benchmarks.transport.PublicKeyOperationsBenchmark
 * [operations per round] [rounds]}.
 */
public final class PublicKeyOperationsBenchmark {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final X9ECParameters CURVE = CustomNamedCurves.getByName("secp256r1");
  private static final ECDomainParameters DOMAIN =
      new ECDomainParameters(CURVE.getCurve(), CURVE.getG(), CURVE.getN(), CURVE.getH());

  /** One operation, timed per call. */
  private interface Operation {
    Object run() throws GeneralSecurityException;
  }

  private final Map<String, Operation> operations = new LinkedHashMap<>();
  private final Map<String, long[]> cpu = new LinkedHashMap<>();
  private final Map<String, Long> allocated = new LinkedHashMap<>();

  private PublicKeyOperationsBenchmark() throws GeneralSecurityException {
    byte[] message = new byte[130]; // about a CertificateVerify's signed content
    RANDOM.nextBytes(message);
    KeyPairGenerator p256 = KeyPairGenerator.getInstance("EC");
    p256.initialize(new ECGenParameterSpec("secp256r1"));
    KeyPair certificate = p256.generateKeyPair();
    KeyPair ownP256 = p256.generateKeyPair();
    ECPublicKey peerP256 = (ECPublicKey) p256.generateKeyPair().getPublic();
    KeyPairGenerator x25519 = KeyPairGenerator.getInstance("XDH");
    x25519.initialize(NamedParameterSpec.X25519);
    KeyPair ownX25519 = x25519.generateKeyPair();
    KeyPair peerX25519 = x25519.generateKeyPair();

    operations.put("JDK P-256 key pair", p256::generateKeyPair);
    operations.put("JDK P-256 ECDH", () -> agree("ECDH", ownP256, peerP256));
    operations.put("JDK P-256 ECDSA sign", () -> jdkSign(certificate, message));
    operations.put("JDK X25519 key pair", x25519::generateKeyPair);
    operations.put("JDK X25519 XDH", () -> agree("XDH", ownX25519, peerX25519.getPublic()));

    ECKeyPairGenerator bcP256 = new ECKeyPairGenerator();
    bcP256.init(new ECKeyGenerationParameters(DOMAIN, RANDOM));
    ECPrivateKeyParameters ownBc = (ECPrivateKeyParameters) bcP256.generateKeyPair().getPrivate();
    BigInteger peerX = peerP256.getW().getAffineX();
    BigInteger peerY = peerP256.getW().getAffineY();
    ECPrivateKeyParameters certificateBc =
        new ECPrivateKeyParameters(((ECPrivateKey) certificate.getPrivate()).getS(), DOMAIN);
    byte[] x25519Peer = new byte[X25519.POINT_SIZE];
    X25519.generatePublicKey(newX25519Key(), 0, x25519Peer, 0);
    byte[] x25519Own = newX25519Key();

    operations.put("BouncyCastle P-256 key pair", bcP256::generateKeyPair);
    operations.put("BouncyCastle P-256 ECDH", () -> bcAgree(ownBc, peerX, peerY));
    operations.put("BouncyCastle P-256 ECDSA sign", () -> bcSign(certificateBc, message));
    operations.put("BouncyCastle X25519 key pair", PublicKeyOperationsBenchmark::bcX25519Pair);
    operations.put(
        "BouncyCastle X25519 agreement",
        () -> {
          byte[] secret = new byte[X25519.POINT_SIZE];
          X25519.calculateAgreement(x25519Own, 0, x25519Peer, 0, secret, 0);
          return secret;
        });
  }

  private static Object agree(String algorithm, KeyPair own, java.security.PublicKey peer)
      throws GeneralSecurityException {
    KeyAgreement agreement = KeyAgreement.getInstance(algorithm);
    agreement.init(own.getPrivate());
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }

  private static Object jdkSign(KeyPair certificate, byte[] message)
      throws GeneralSecurityException {
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(certificate.getPrivate());
    signer.update(message);
    return signer.sign();
  }

  /**
   * The peer's point checked on the curve, as a server must, then multiplied: what the server's
   * {@code BcP256.sharedSecret} does (BouncyCastle's {@code ECDHBasicAgreement} adds checks that
   * cost 0.05–0.1 ms more in 1.87).
   */
  private static Object bcAgree(ECPrivateKeyParameters own, BigInteger x, BigInteger y) {
    ECPoint product = DOMAIN.getCurve().validatePoint(x, y).multiply(own.getD()).normalize();
    return BigIntegers.asUnsignedByteArray(32, product.getAffineXCoord().toBigInteger());
  }

  private static Object bcSign(ECPrivateKeyParameters key, byte[] message) {
    SHA256Digest digest = new SHA256Digest();
    digest.update(message, 0, message.length);
    byte[] hash = new byte[digest.getDigestSize()];
    digest.doFinal(hash, 0);
    ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    signer.init(true, key);
    return signer.generateSignature(hash);
  }

  private static byte[] newX25519Key() {
    byte[] key = new byte[X25519.SCALAR_SIZE];
    X25519.generatePrivateKey(RANDOM, key);
    return key;
  }

  private static Object bcX25519Pair() {
    byte[] publicKey = new byte[X25519.POINT_SIZE];
    X25519.generatePublicKey(newX25519Key(), 0, publicKey, 0);
    return publicKey;
  }

  private void round(int count, boolean record) throws GeneralSecurityException {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    for (Map.Entry<String, Operation> entry : operations.entrySet()) {
      long[] nanos = new long[count];
      long allocatedBefore = threads.getThreadAllocatedBytes(thread);
      for (int i = 0; i < count; i++) {
        long start = threads.getCurrentThreadCpuTime();
        entry.getValue().run();
        nanos[i] = threads.getCurrentThreadCpuTime() - start;
      }
      long bytes = (threads.getThreadAllocatedBytes(thread) - allocatedBefore) / count;
      if (record) {
        long[] before = cpu.getOrDefault(entry.getKey(), new long[0]);
        long[] joined = Arrays.copyOf(before, before.length + count);
        System.arraycopy(nanos, 0, joined, before.length, count);
        cpu.put(entry.getKey(), joined);
        allocated.put(entry.getKey(), bytes);
      }
    }
  }

  public static void main(String[] args) throws GeneralSecurityException {
    int count = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    PublicKeyOperationsBenchmark bench = new PublicKeyOperationsBenchmark();
    for (int round = 0; round < rounds; round++) {
      bench.round(count, round > 0);
    }
    bench.cpu.forEach(
        (name, nanos) -> {
          long[] sorted = nanos.clone();
          Arrays.sort(sorted);
          System.out.printf(
              Locale.ROOT,
              "%-32s CPU median %.3f ms, p90 %.3f ms; %,d B allocated per operation (%d)%n",
              name,
              sorted[sorted.length / 2] / 1e6,
              sorted[(int) (sorted.length * 0.9)] / 1e6,
              bench.allocated.get(name),
              sorted.length);
        });
  }
}
