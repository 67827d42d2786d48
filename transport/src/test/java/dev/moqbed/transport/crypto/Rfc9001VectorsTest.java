package dev.moqbed.transport.crypto;

import static dev.moqbed.transport.crypto.HexBytes.bytes;
import static dev.moqbed.transport.crypto.HexBytes.hex;
import static dev.moqbed.transport.crypto.HexBytes.hexOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketHeaderParser;
import dev.moqbed.transport.wire.PacketNumbers;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The sample packet protection of RFC 9001 Appendix A, byte for byte: A.1 keys, A.2 client Initial,
 * A.3 server Initial, A.4 Retry, A.5 ChaCha20-Poly1305 short header packet.
 */
class Rfc9001VectorsTest {
  private static final ConnectionId CLIENT_DCID = ConnectionId.of(bytes("8394c8f03e515708"));

  /** A.2: the CRYPTO frame (ClientHello) before PADDING fills the payload to 1162 bytes. */
  private static final String CLIENT_CRYPTO_FRAME =
      """
          060040f1010000ed0303ebf8fa56f129 39b9584a3896472ec40bb863cfd3e868
          04fe3a47f06a2b69484c000004130113 02010000c000000010000e00000b6578
          616d706c652e636f6dff01000100000a 00080006001d00170018001000070005
          04616c706e0005000501000000000033 00260024001d00209370b2c9caa47fba
          baf4559fedba753de171fa71f50f1ce1 5d43e994ec74d748002b000302030400
          0d0010000e0403050306030203080408 050806002d00020101001c0002400100
          3900320408ffffffffffffffff050480 00ffff07048000ffff08011001048000
          75300901100f088394c8f03e51570806 048000ffff
          """;

  private static final String CLIENT_UNPROTECTED_HEADER =
      "c300000001088394c8f03e5157080000449e00000002";

  /** A.2: the whole protected client Initial, 1200 bytes. */
  private static final String CLIENT_PROTECTED_PACKET =
      """
          c000000001088394c8f03e5157080000 449e7b9aec34d1b1c98dd7689fb8ec11
          d242b123dc9bd8bab936b47d92ec356c 0bab7df5976d27cd449f63300099f399
          1c260ec4c60d17b31f8429157bb35a12 82a643a8d2262cad67500cadb8e7378c
          8eb7539ec4d4905fed1bee1fc8aafba1 7c750e2c7ace01e6005f80fcb7df6212
          30c83711b39343fa028cea7f7fb5ff89 eac2308249a02252155e2347b63d58c5
          457afd84d05dfffdb20392844ae81215 4682e9cf012f9021a6f0be17ddd0c208
          4dce25ff9b06cde535d0f920a2db1bf3 62c23e596d11a4f5a6cf3948838a3aec
          4e15daf8500a6ef69ec4e3feb6b1d98e 610ac8b7ec3faf6ad760b7bad1db4ba3
          485e8a94dc250ae3fdb41ed15fb6a8e5 eba0fc3dd60bc8e30c5c4287e53805db
          059ae0648db2f64264ed5e39be2e20d8 2df566da8dd5998ccabdae053060ae6c
          7b4378e846d29f37ed7b4ea9ec5d82e7 961b7f25a9323851f681d582363aa5f8
          9937f5a67258bf63ad6f1a0b1d96dbd4 faddfcefc5266ba6611722395c906556
          be52afe3f565636ad1b17d508b73d874 3eeb524be22b3dcbc2c7468d54119c74
          68449a13d8e3b95811a198f3491de3e7 fe942b330407abf82a4ed7c1b311663a
          c69890f4157015853d91e923037c227a 33cdd5ec281ca3f79c44546b9d90ca00
          f064c99e3dd97911d39fe9c5d0b23a22 9a234cb36186c4819e8b9c5927726632
          291d6a418211cc2962e20fe47feb3edf 330f2c603a9d48c0fcb5699dbfe58964
          25c5bac4aee82e57a85aaf4e2513e4f0 5796b07ba2ee47d80506f8d2c25e50fd
          14de71e6c418559302f939b0e1abd576 f279c4b2e0feb85c1f28ff18f58891ff
          ef132eef2fa09346aee33c28eb130ff2 8f5b766953334113211996d20011a198
          e3fc433f9f2541010ae17c1bf202580f 6047472fb36857fe843b19f5984009dd
          c324044e847a4f4a0ab34f719595de37 252d6235365e9b84392b061085349d73
          203a4a13e96f5432ec0fd4a1ee65accd d5e3904df54c1da510b0ff20dcc0c77f
          cb2c0e0eb605cb0504db87632cf3d8b4 dae6e705769d1de354270123cb11450e
          fc60ac47683d7b8d0f811365565fd98c 4c8eb936bcab8d069fc33bd801b03ade
          a2e1fbc5aa463d08ca19896d2bf59a07 1b851e6c239052172f296bfb5e724047
          90a2181014f3b94a4e97d117b4381303 68cc39dbb2d198065ae3986547926cd2
          162f40a29f0c3c8745c0f50fba3852e5 66d44575c29d39a03f0cda721984b6f4
          40591f355e12d439ff150aab7613499d bd49adabc8676eef023b15b65bfc5ca0
          6948109f23f350db82123535eb8a7433 bdabcb909271a6ecbcb58b936a88cd4e
          8f2e6ff5800175f113253d8fa9ca8885 c2f552e657dc603f252e1a8e308f76f0
          be79e2fb8f5d5fbbe2e30ecadd220723 c8c0aea8078cdfcb3868263ff8f09400
          54da48781893a7e49ad5aff4af300cd8 04a6b6279ab3ff3afb64491c85194aab
          760d58a606654f9f4400e8b38591356f bf6425aca26dc85244259ff2b19c41b9
          f96f3ca9ec1dde434da7d2d392b905dd f3d1f9af93d1af5950bd493f5aa731b4
          056df31bd267b6b90a079831aaf579be 0a39013137aac6d404f518cfd4684064
          7e78bfe706ca4cf5e9c5453e9f7cfd2b 8b4c8d169a44e55c88d4a9a7f9474241
          e221af44860018ab0856972e194cd934
          """;

  /** A.3: ACK and CRYPTO (ServerHello), no padding. */
  private static final String SERVER_PAYLOAD =
      """
          02000000000600405a020000560303ee fce7f7b37ba1d1632e96677825ddf739
          88cfc79825df566dc5430b9a045a1200 130100002e00330024001d00209d3c94
          0d89690b84d08a60993c144eca684d10 81287c834d5311bcf32bb9da1a002b00
          020304
          """;

  private static final String SERVER_UNPROTECTED_HEADER =
      "c1000000010008f067a5502a4262b50040750001";

  private static final String SERVER_PROTECTED_PACKET =
      """
          cf000000010008f067a5502a4262b500 4075c0d95a482cd0991cd25b0aac406a
          5816b6394100f37a1c69797554780bb3 8cc5a99f5ede4cf73c3ec2493a1839b3
          dbcba3f6ea46c5b7684df3548e7ddeb9 c3bf9c73cc3f3bded74b562bfb19fb84
          022f8ef4cdd93795d77d06edbb7aaf2f 58891850abbdca3d20398c276456cbc4
          2158407dd074ee
          """;

  private static final String RETRY =
      "ff000000010008f067a5502a4262b574 6f6b656e04a265ba2eff4d829058fb3f 0f2496ba";

  private final PacketHeaderParser parser = new PacketHeaderParser();
  private final PacketHeader header = new PacketHeader();
  private final OpenedPacket opened = new OpenedPacket();

  @Test
  void a1InitialSecretsAndKeys() {
    assertEquals(
        "7db5df06e7a69e432496adedb00851923595221596ae2ae9fb8115c1e9ed0a44",
        hex(InitialSecrets.initialSecret(CLIENT_DCID.toByteArray())));
    InitialSecrets secrets = InitialSecrets.of(CLIENT_DCID);
    TrafficSecret client = secrets.client();
    assertEquals(
        "c00cf151ca5be075ed0ebfb5c80323c42d6b7db67881289af4008f1f6c357aea", hex(client.secret()));
    assertEquals("1f369613dd76d5467730efcbe3b1a22d", hex(client.packetKey()));
    assertEquals("fa044b2f42a3fd3b46fb255c", hex(client.iv()));
    assertEquals("9f50449e04a0e810283a1e9933adedd2", hex(client.headerProtectionKey()));
    TrafficSecret server = secrets.server();
    assertEquals(
        "3c199828fd139efd216c155ad844cc81fb82fa8d7446fa7d78be803acdda951b", hex(server.secret()));
    assertEquals("cf3a5331653c364c88f0f379b6067e37", hex(server.packetKey()));
    assertEquals("0ac1493ca1905853b0bba03e", hex(server.iv()));
    assertEquals("c206b8d9b9f0f37644430b490eeaa314", hex(server.headerProtectionKey()));
  }

  @Test
  void a1HkdfLabels() {
    assertEquals(
        "00200f746c73313320636c69656e7420696e00",
        hex(Hkdf.hkdfLabel("client in", new byte[0], 32)));
    assertEquals(
        "00200f746c7331332073657276657220696e00",
        hex(Hkdf.hkdfLabel("server in", new byte[0], 32)));
    assertEquals(
        "00100e746c7331332071756963206b657900", hex(Hkdf.hkdfLabel("quic key", new byte[0], 16)));
    assertEquals(
        "000c0d746c733133207175696320697600", hex(Hkdf.hkdfLabel("quic iv", new byte[0], 12)));
    assertEquals(
        "00100d746c733133207175696320687000", hex(Hkdf.hkdfLabel("quic hp", new byte[0], 16)));
  }

  /** A.2: sealing the 1162-byte padded ClientHello yields the RFC's 1200 bytes exactly. */
  @Test
  void a2ClientInitialSealsToTheRfcBytes() {
    ByteBuffer packet = ByteBuffer.allocate(1200);
    packet.put(bytes(CLIENT_UNPROTECTED_HEADER)).put(bytes(CLIENT_CRYPTO_FRAME));
    int payloadEnd = 1200 - PacketProtection.TAG_LENGTH; // the rest stays zero: PADDING
    PacketProtection protection = InitialSecrets.of(CLIENT_DCID).clientProtection();

    int end = protection.seal(packet, 0, 18, 2, payloadEnd);

    assertEquals(1200, end);
    assertEquals("c000000001088394c8f03e5157080000449e7b9aec34", hexOf(packet, 0, 22));
    assertEquals("d1b1c98dd7689fb8ec11d242b123dc9b", hexOf(packet, 22, 38), "sample");
    assertEquals(hex(bytes(CLIENT_PROTECTED_PACKET)), hexOf(packet, 0, 1200));
  }

  /** A.2 read by the server: header parsed, protection removed, packet number 2, ClientHello. */
  @Test
  void a2ClientInitialOpens() throws QuicWireException {
    ByteBuffer packet = ByteBuffer.wrap(bytes(CLIENT_PROTECTED_PACKET));
    parser.parse(packet, 0, packet.limit(), 0, header);
    PacketProtection protection = InitialSecrets.of(header.dcid()).clientProtection();

    assertTrue(protection.open(header, PacketNumbers.NONE, opened));

    assertEquals(2, opened.packetNumber());
    assertEquals(4, opened.packetNumberLength());
    assertEquals(0xc3, opened.firstByte());
    assertEquals(CLIENT_UNPROTECTED_HEADER, hexOf(packet, 0, 22));
    assertEquals(22, opened.payloadOffset());
    assertEquals(1184, opened.payloadEnd());
    byte[] crypto = bytes(CLIENT_CRYPTO_FRAME);
    assertEquals(hex(crypto), hexOf(packet, 22, 22 + crypto.length));
    assertEquals(hex(new byte[1162 - crypto.length]), hexOf(packet, 22 + crypto.length, 1184));
  }

  @Test
  void a3ServerInitialSealsToTheRfcBytes() {
    byte[] payload = bytes(SERVER_PAYLOAD);
    ByteBuffer packet = ByteBuffer.allocate(20 + payload.length + 16);
    packet.put(bytes(SERVER_UNPROTECTED_HEADER)).put(payload);
    PacketProtection protection = InitialSecrets.of(CLIENT_DCID).serverProtection();

    int end = protection.seal(packet, 0, 18, 1, 20 + payload.length);

    assertEquals(packet.capacity(), end);
    assertEquals("2cd0991cd25b0aac406a5816b6394100", hexOf(packet, 22, 38), "sample");
    assertEquals("cf000000010008f067a5502a4262b5004075c0d9", hexOf(packet, 0, 20));
    assertEquals(hex(bytes(SERVER_PROTECTED_PACKET)), hexOf(packet, 0, end));
  }

  @Test
  void a3ServerInitialOpens() throws QuicWireException {
    ByteBuffer packet = ByteBuffer.wrap(bytes(SERVER_PROTECTED_PACKET));
    parser.parse(packet, 0, packet.limit(), 0, header);
    PacketProtection protection = InitialSecrets.of(CLIENT_DCID).serverProtection();

    assertTrue(protection.open(header, PacketNumbers.NONE, opened));

    assertEquals(1, opened.packetNumber());
    assertEquals(SERVER_UNPROTECTED_HEADER, hexOf(packet, 0, 20));
    assertEquals(
        hex(bytes(SERVER_PAYLOAD)), hexOf(packet, opened.payloadOffset(), opened.payloadEnd()));
  }

  @Test
  void a4RetryIntegrityTag() throws QuicWireException {
    ByteBuffer retry = ByteBuffer.wrap(bytes(RETRY));
    parser.parse(retry, 0, retry.limit(), 0, header);
    assertTrue(RetryIntegrity.verify(CLIENT_DCID, header));
    assertEquals(
        "04a265ba2eff4d829058fb3f0f2496ba",
        hex(RetryIntegrity.computeTag(CLIENT_DCID, retry, 0, retry.limit() - 16)));
    assertFalse(
        RetryIntegrity.verify(ConnectionId.of(bytes("8394c8f03e515709")), header),
        "another original connection ID");

    ByteBuffer written = ByteBuffer.allocate(retry.limit());
    written.put(retry.duplicate().clear().limit(retry.limit() - 16));
    RetryIntegrity.writeTag(CLIENT_DCID, written, 0, written.capacity());
    assertEquals(hex(bytes(RETRY)), hexOf(written, 0, written.capacity()));

    written.put(8, (byte) (written.get(8) ^ 1));
    assertFalse(RetryIntegrity.verify(CLIENT_DCID, written, 0, written.capacity()), "tampered");
  }

  /** §5.8 derives the Retry key and nonce from a fixed secret; the constants must match it. */
  @Test
  void retryKeyAndNonceDeriveFromTheirSecret() {
    Hkdf hkdf = Hkdf.SHA256;
    byte[] secret = RetryIntegrity.KEY_DERIVATION_SECRET;
    assertEquals(
        "be0c690b9f66575a1d766b54e368c84e",
        hex(hkdf.expandLabel(secret, "quic key", new byte[0], 16)));
    assertEquals(
        "461599d35d632bf2239825bb", hex(hkdf.expandLabel(secret, "quic iv", new byte[0], 12)));
  }

  private static final TrafficSecret CHACHA_SECRET =
      TrafficSecret.of(
          CipherSuite.TLS_CHACHA20_POLY1305_SHA256,
          bytes("9ac312a7f877468ebe69422748ad00a15443f18203a07d6060f688f30f21632b"));

  @Test
  void a5ChaCha20Keys() {
    assertEquals(
        "c6d98ff3441c3fe1b2182094f69caa2ed4b716b65488960a7a984979fb23e1c8",
        hex(CHACHA_SECRET.packetKey()));
    assertEquals("e0459b3474bdd0e44a41c144", hex(CHACHA_SECRET.iv()));
    assertEquals(
        "25a282b9e82f06f21f488917a4fc8f1b73573685608597d0efcb076b0ab7a7a4",
        hex(CHACHA_SECRET.headerProtectionKey()));
    assertEquals(
        "1223504755036d556342ee9361d253421a826c9ecdf3c7148684b36b714881f9",
        hex(CHACHA_SECRET.next().secret()),
        "ku: the next key phase's secret");
    byte[] nonce = new byte[12];
    PacketNonce.compute(CHACHA_SECRET.iv(), 654360564L, nonce);
    assertEquals("e0459b3474bdd0e46d417eb0", hex(nonce));
  }

  @Test
  void a5ChaCha20ShortHeaderSealsToTheRfcBytes() {
    ByteBuffer packet = ByteBuffer.allocate(21);
    packet.put(bytes("4200bff4")).put((byte) 0x01); // PING
    PacketProtection protection = AeadPacketProtection.of(CHACHA_SECRET);

    int end = protection.seal(packet, 0, 1, 654360564L, 5);

    assertEquals(21, end);
    assertEquals("4cfe4189655e5cd55c41f69080575d7999c25a5bfb", hexOf(packet, 0, 21));
  }

  @Test
  void a5ChaCha20ShortHeaderOpens() throws QuicWireException {
    ByteBuffer packet = ByteBuffer.wrap(bytes("4cfe4189655e5cd55c41f69080575d7999c25a5bfb"));
    parser.parse(packet, 0, packet.limit(), 0, header);
    PacketProtection protection = AeadPacketProtection.of(CHACHA_SECRET);

    assertTrue(protection.open(header, 654360563L, opened));

    assertEquals(654360564L, opened.packetNumber());
    assertEquals(3, opened.packetNumberLength());
    assertFalse(opened.keyPhase());
    assertEquals("4200bff4", hexOf(packet, 0, 4));
    assertEquals(4, opened.payloadOffset());
    assertEquals(5, opened.payloadEnd());
    assertEquals(1, packet.get(4), "PING");
    assertArrayEquals(new byte[] {0x42}, new byte[] {(byte) opened.firstByte()});
  }
}
