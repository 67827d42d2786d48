package dev.moqbed.transport.crypto;

import static dev.moqbed.transport.crypto.HexBytes.bytes;
import static dev.moqbed.transport.crypto.HexBytes.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** HKDF against RFC 5869's SHA-256 vectors, and HKDF-Expand-Label's structure for SHA-384. */
class HkdfTest {
  /** RFC 5869 A.1: basic test case with SHA-256. */
  @Test
  void rfc5869TestCase1() {
    byte[] ikm = bytes("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
    byte[] salt = bytes("000102030405060708090a0b0c");
    byte[] info = bytes("f0f1f2f3f4f5f6f7f8f9");
    byte[] prk = Hkdf.SHA256.extract(salt, ikm);
    assertEquals("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5", hex(prk));
    assertEquals(
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
        hex(Hkdf.SHA256.expand(prk, info, 42)));
  }

  /** RFC 5869 A.3: zero-length salt and info. */
  @Test
  void rfc5869TestCase3EmptySaltAndInfo() {
    byte[] ikm = bytes("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
    byte[] prk = Hkdf.SHA256.extract(new byte[0], ikm);
    assertEquals("19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04", hex(prk));
    assertEquals(
        "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
        hex(Hkdf.SHA256.expand(prk, new byte[0], 42)));
  }

  /**
   * No RFC gives HKDF-SHA384 vectors for QUIC; check Expand-Label against HMAC-SHA384 computed
   * here: T(1) = HMAC(secret, HkdfLabel | 0x01), T(2) = HMAC(secret, T(1) | HkdfLabel | 0x02).
   */
  @Test
  void sha384ExpandLabelIsHmacChained() throws Exception {
    byte[] secret = new byte[48];
    Arrays.fill(secret, (byte) 0x5a);
    int length = 60;
    byte[] label = Hkdf.hkdfLabel("quic key", new byte[0], length);
    Mac mac = Mac.getInstance("HmacSHA384");
    mac.init(new SecretKeySpec(secret, "HmacSHA384"));
    mac.update(label);
    mac.update((byte) 1);
    byte[] t1 = mac.doFinal();
    mac.update(t1);
    mac.update(label);
    mac.update((byte) 2);
    byte[] t2 = mac.doFinal();
    byte[] expected = new byte[length];
    System.arraycopy(t1, 0, expected, 0, 48);
    System.arraycopy(t2, 0, expected, 48, length - 48);

    assertArrayEquals(expected, Hkdf.SHA384.expandLabel(secret, "quic key", new byte[0], length));
    assertEquals(48, Hkdf.SHA384.hashLength());
  }

  @Test
  void hkdfLabelCarriesLengthPrefixAndContext() {
    byte[] label = Hkdf.hkdfLabel("quic ku", bytes("0102"), 48);
    byte[] name = "tls13 quic ku".getBytes(StandardCharsets.US_ASCII);
    assertEquals("0030" + "0d" + HexBytes.hex(name) + "02" + "0102", HexBytes.hex(label));
  }

  @Test
  void rejectsOutOfRangeLengths() {
    assertThrows(
        IllegalArgumentException.class, () -> Hkdf.SHA256.expand(new byte[32], new byte[0], 8161));
    assertThrows(
        IllegalArgumentException.class, () -> Hkdf.SHA256.expand(new byte[32], new byte[0], -1));
  }
}
