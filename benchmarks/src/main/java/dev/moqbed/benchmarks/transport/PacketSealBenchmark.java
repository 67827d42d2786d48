package dev.moqbed.benchmarks.transport;

import dev.moqbed.transport.crypto.AeadPacketProtection;
import dev.moqbed.transport.crypto.CipherSuite;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Security;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What sealing one QUIC packet costs, per AEAD and per way of handing the JDK the bytes: time per
 * seal and, with {@code -prof gc}, bytes allocated per seal ({@code gc.alloc.rate.norm}). Every
 * seal uses a new nonce (the packet number goes up), as a sender must.
 *
 * <ul>
 *   <li>{@code aesGcmInPlace}: AES-128-GCM on a {@code byte[]}, the 12-byte header as associated
 *       data, the payload encrypted in place: what the project's {@code AeadCipher} does.
 *   <li>{@code aesGcmHeapBuffer}, {@code aesGcmDirectBuffer}: the same through {@code
 *       doFinal(ByteBuffer, ByteBuffer)}, with heap and direct buffers.
 *   <li>{@code aesGcmInitOnly}: only the {@code Cipher.init} every packet needs (the JDK changes a
 *       nonce only there), to split init from {@code doFinal}.
 *   <li>{@code chaCha20Poly1305InPlace}: ChaCha20-Poly1305 on a {@code byte[]}, in place.
 *   <li>{@code projectSeal}: the project's own {@link AeadPacketProtection#seal} with
 *       TLS_AES_128_GCM_SHA256 (AEAD only; header protection is separate).
 * </ul>
 *
 * <p>{@code provider} picks the JCE provider of the raw variants. The default is the JDK's ({@code
 * SunJCE}); {@code BC} measures BouncyCastle when its jar is on the class path (it is no dependency
 * of the project): {@code java -cp benchmarks.jar:bcprov-jdk18on-1.78.1.jar org.openjdk.jmh.Main
 * PacketSealBenchmark -p provider=SunJCE,BC -prof gc}. The figures are printed by JMH, never
 * asserted; docs/results/relay-send-path-2026-12-06.md records them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PacketSealBenchmark {
  private static final int HEADER_BYTES = 12;
  private static final int TAG_BYTES = 16;
  private static final int TAG_BITS = TAG_BYTES * 8;

  /** A small packet (an audio frame, an ACK-laden packet) and a full one. */
  @Param({"120", "1200"})
  public int payloadBytes;

  @Param({"SunJCE"})
  public String provider;

  private final byte[] key = new byte[16];
  private final byte[] chaChaKey = new byte[32];
  private final byte[] iv = new byte[12];
  private final byte[] nonce = new byte[12];
  private SecretKeySpec aesKey;
  private SecretKeySpec chaCha20Key;
  private Cipher aesGcm;
  private Cipher chaCha20Poly1305;
  private byte[] packet;
  private ByteBuffer heapPacket;
  private ByteBuffer heapOut;
  private ByteBuffer directPacket;
  private ByteBuffer directOut;
  private AeadPacketProtection protection;
  private ByteBuffer protectedPacket;
  private long packetNumber;

  @Setup
  public void setUp() throws GeneralSecurityException, ReflectiveOperationException {
    if ("BC".equals(provider) && Security.getProvider("BC") == null) {
      // By name, so that the project does not depend on BouncyCastle to compile this.
      Security.addProvider(
          (Provider)
              Class.forName("org.bouncycastle.jce.provider.BouncyCastleProvider")
                  .getDeclaredConstructor()
                  .newInstance());
    }
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (i * 7 + 1);
    }
    for (int i = 0; i < chaChaKey.length; i++) {
      chaChaKey[i] = (byte) (i * 5 + 3);
    }
    aesKey = new SecretKeySpec(key, "AES");
    chaCha20Key = new SecretKeySpec(chaChaKey, "ChaCha20");
    aesGcm = Cipher.getInstance("AES/GCM/NoPadding", provider);
    chaCha20Poly1305 = Cipher.getInstance("ChaCha20-Poly1305", provider);
    int sealed = HEADER_BYTES + payloadBytes + TAG_BYTES;
    packet = new byte[sealed];
    heapPacket = ByteBuffer.allocate(sealed);
    heapOut = ByteBuffer.allocate(sealed);
    directPacket = ByteBuffer.allocateDirect(sealed);
    directOut = ByteBuffer.allocateDirect(sealed);
    protection = AeadPacketProtection.of(CipherSuite.TLS_AES_128_GCM_SHA256, new byte[32]);
    protectedPacket = ByteBuffer.allocate(sealed);
  }

  /** The next packet's nonce: the IV XOR the packet number (RFC 9001 §5.3). */
  private byte[] nextNonce() {
    long number = ++packetNumber;
    System.arraycopy(iv, 0, nonce, 0, iv.length);
    for (int i = 0; i < 8; i++) {
      nonce[nonce.length - 1 - i] ^= (byte) (number >>> (8 * i));
    }
    return nonce;
  }

  @Benchmark
  public int aesGcmInPlace() throws GeneralSecurityException {
    aesGcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(TAG_BITS, nextNonce()));
    aesGcm.updateAAD(packet, 0, HEADER_BYTES);
    return aesGcm.doFinal(packet, HEADER_BYTES, payloadBytes, packet, HEADER_BYTES);
  }

  @Benchmark
  public int aesGcmHeapBuffer() throws GeneralSecurityException {
    return sealBuffers(heapPacket, heapOut);
  }

  @Benchmark
  public int aesGcmDirectBuffer() throws GeneralSecurityException {
    return sealBuffers(directPacket, directOut);
  }

  private int sealBuffers(ByteBuffer in, ByteBuffer out) throws GeneralSecurityException {
    aesGcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(TAG_BITS, nextNonce()));
    in.clear().limit(HEADER_BYTES);
    aesGcm.updateAAD(in);
    in.limit(HEADER_BYTES + payloadBytes);
    out.clear().position(HEADER_BYTES);
    return aesGcm.doFinal(in, out);
  }

  @Benchmark
  public Cipher aesGcmInitOnly() throws GeneralSecurityException {
    aesGcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(TAG_BITS, nextNonce()));
    return aesGcm;
  }

  @Benchmark
  public int chaCha20Poly1305InPlace() throws GeneralSecurityException {
    chaCha20Poly1305.init(Cipher.ENCRYPT_MODE, chaCha20Key, new IvParameterSpec(nextNonce()));
    chaCha20Poly1305.updateAAD(packet, 0, HEADER_BYTES);
    return chaCha20Poly1305.doFinal(packet, HEADER_BYTES, payloadBytes, packet, HEADER_BYTES);
  }

  @Benchmark
  public int projectSeal() {
    long number = ++packetNumber;
    protectedPacket.clear();
    // A short header: first byte with a 2-byte packet number, an 8-byte DCID, the number.
    protectedPacket.put(0, (byte) 0x41);
    protectedPacket.putShort(9, (short) number);
    return protection.seal(protectedPacket, 0, 9, number, 11 + payloadBytes);
  }
}
