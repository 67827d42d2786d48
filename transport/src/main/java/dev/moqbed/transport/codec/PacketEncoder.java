package dev.moqbed.transport.codec;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.crypto.KeyPhases;
import dev.moqbed.transport.crypto.PacketProtection;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeaderWriter;
import dev.moqbed.transport.wire.PacketType;
import dev.moqbed.transport.wire.QuicVersion;
import dev.moqbed.transport.wire.VarInt;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes the stack's packets as protected QUIC v1 packets, coalesced one after the other in a
 * datagram buffer (RFC 9000 §12.2), in picoquic's header layout (sender.c):
 *
 * <ul>
 *   <li>Initial and Handshake: long header (§17.2) with version 1, the 8-byte ids of {@link
 *       ConnectionIds}, for Initial an empty token (Token Length 0: the simulator has no Retry and
 *       no NEW_TOKEN; a real client writes a Retry's token there, {@link #initialToken}), a 2-byte
 *       Length field as picoquic reserves it before the payload is known, and a 4-byte packet
 *       number (picoquic_create_long_header);
 *   <li>1-RTT: short header (§17.3.1), spin bit 0, key phase 0, the peer's 8-byte id, and the
 *       packet number truncated to the length the stack chose ({@link
 *       QuicPacket#packetNumberLength()}: picoquic_predict_packet_header_length's 1, 2, 3 or 4
 *       bytes, see {@code PacketAssembly.packetNumberLength}).
 * </ul>
 *
 * <p>Each packet is then sealed with its space's {@link PacketProtection} (the 16-byte tag after
 * the frames, then header protection; RFC 9001 §5). No allocation per packet: frames are written
 * straight into the caller's buffer, and the Length field is filled in once the frames are there.
 */
final class PacketEncoder {
  /** picoquic reserves two bytes for the Length field of every long header (sender.c). */
  static final int LENGTH_FIELD_BYTES = 2;

  private static final byte[] NO_TOKEN = new byte[0];

  private ConnectionIds ids;
  private byte[] initialToken = NO_TOKEN;
  private final PacketProtection[] protections;
  private final FrameEncoder frames = new FrameEncoder();
  private long packetsWithoutKeys;
  private KeyPhases keyPhases;

  /**
   * @param protections one per {@link PacketSpace}, by ordinal: the keys this endpoint seals with
   *     (null while it has none for that space)
   */
  PacketEncoder(ConnectionIds ids, PacketProtection[] protections) {
    if (protections.length != PacketSpace.values().length) {
      throw new IllegalArgumentException("one protection per packet-number space");
    }
    this.ids = ids;
    this.protections = protections.clone();
  }

  FrameEncoder frameEncoder() {
    return frames;
  }

  ConnectionIds ids() {
    return ids;
  }

  /** Sends to {@code remote} from now on: the id the peer chose for itself (RFC 9000 §7.2). */
  void remoteId(ConnectionId remote) {
    ids = new ConnectionIds(ids.local(), remote);
  }

  /**
   * Writes {@code token} in every later Initial: the token of a server's Retry (RFC 9000 §8.1.2,
   * §17.2.5.2). The simulator never calls this, so its Initials keep an empty token.
   */
  void initialToken(byte[] token) {
    initialToken = token.clone();
  }

  /** Writes {@code packets} coalesced at the buffer's position; returns the bytes written. */
  int encode(List<QuicPacket> packets, ByteBuffer buffer) {
    int start = buffer.position();
    for (int i = 0; i < packets.size(); i++) {
      encode(packets.get(i), buffer);
    }
    return buffer.position() - start;
  }

  /** Installs (or, with null, discards) the keys this endpoint seals {@code space} with. */
  void install(PacketSpace space, PacketProtection protection) {
    protections[space.ordinal()] = protection;
  }

  /** The 1-RTT keys across key updates (a real handshake's); null: the space's keys, phase 0. */
  void keyPhases(KeyPhases phases) {
    this.keyPhases = phases;
  }

  /** Packets not written because their space had no keys (yet or any more). */
  long packetsWithoutKeys() {
    return packetsWithoutKeys;
  }

  /**
   * Writes one sealed packet at the buffer's position and moves past it; a packet of a space
   * without keys is not written, as if lost on the path (loss recovery resends what it carried).
   */
  void encode(QuicPacket packet, ByteBuffer buffer) {
    if (protections[packet.space().ordinal()] == null) {
      packetsWithoutKeys++;
      return;
    }
    int packetStart = buffer.position();
    int packetNumberLength = packet.packetNumberLength();
    PacketType type = packetType(packet.space());
    int packetNumberOffset;
    PacketProtection sealing = protections[packet.space().ordinal()];
    if (type == PacketType.ONE_RTT) {
      boolean keyPhase = false;
      if (keyPhases != null) {
        sealing = keyPhases.sealingFor(packet.packetNumber());
        keyPhase = keyPhases.keyPhase();
      }
      packetNumberOffset =
          PacketHeaderWriter.writeShortHeader(
              buffer, ids.remote(), packet.packetNumber(), packetNumberLength, false, keyPhase);
    } else {
      packetNumberOffset =
          PacketHeaderWriter.writeLongHeader(
              buffer,
              type,
              QuicVersion.VERSION_1,
              ids.remote(),
              ids.local(),
              type == PacketType.INITIAL ? initialToken : NO_TOKEN,
              packet.packetNumber(),
              packetNumberLength,
              0,
              LENGTH_FIELD_BYTES);
    }
    List<Frame> packetFrames = packet.frames();
    for (int i = 0; i < packetFrames.size(); i++) {
      frames.write(buffer, packetFrames.get(i));
    }
    int payloadEnd = buffer.position();
    if (type != PacketType.ONE_RTT) {
      // The Length field counts the packet number, the frames and the tag (RFC 9000 §17.2).
      long length = payloadEnd - packetNumberOffset + PacketProtection.TAG_LENGTH;
      VarInt.writeAt(buffer, packetNumberOffset - LENGTH_FIELD_BYTES, length, LENGTH_FIELD_BYTES);
    }
    int end =
        sealing.seal(buffer, packetStart, packetNumberOffset, packet.packetNumber(), payloadEnd);
    buffer.position(end);
  }

  /** The wire's packet type for a model space: 0-RTT is never sent, so APPLICATION is 1-RTT. */
  static PacketType packetType(PacketSpace space) {
    switch (space) {
      case INITIAL:
        return PacketType.INITIAL;
      case HANDSHAKE:
        return PacketType.HANDSHAKE;
      default:
        return PacketType.ONE_RTT;
    }
  }
}
