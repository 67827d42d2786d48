package dev.moqbed.media.moqt;

import dev.moqbed.media.moqt.wire.ByteArrayPool;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.VarintFormat;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;

/**
 * The wire format of one MoQT version: control messages, subgroup streams and object datagrams.
 * Obtain one with {@link dev.moqbed.media.moqt.codecs.MoqtCodecs#create(MoqtVersion, MoqtLimits)}.
 * A codec holds only its limits and is safe to share; the stream encoders and decoders it creates
 * hold per-stream state and are not.
 *
 * <p>Decoders throw {@link MoqtProtocolException} for anything the peer got wrong; encoders throw
 * {@link IllegalArgumentException} for a record this version cannot express.
 */
public interface MoqtCodec {
  /** The version this codec speaks. */
  MoqtVersion version();

  /** The limits its decoders enforce. */
  MoqtLimits limits();

  /** The varint format of this version. */
  VarintFormat varints();

  /** A writer in this version's varint format. */
  default WireWriter newWriter() {
    return new WireWriter(varints());
  }

  /** Appends one framed control message (type, length, payload). */
  void encodeControl(ControlMessage message, WireWriter out);

  /**
   * Decodes one framed control message starting at the buffer's position and advances the position
   * past it. The frame must be complete: a short buffer is {@link
   * MoqtProtocolException.Problem#TRUNCATED}. For a stream use {@link #newControlStreamDecoder()}.
   */
  ControlMessage decodeControl(ByteBuffer frame);

  /** An incremental decoder for the bytes of a control stream. */
  ControlStreamDecoder newControlStreamDecoder();

  /** An encoder for one subgroup stream that starts with {@code header}. */
  SubgroupStreamEncoder newSubgroupStreamEncoder(SubgroupHeader header);

  /** An incremental decoder for one incoming subgroup stream, keeping every payload. */
  default SubgroupStreamDecoder newSubgroupStreamDecoder() {
    return newSubgroupStreamDecoder(ObjectPayloads.KEEP, null);
  }

  /**
   * An incremental decoder for one incoming subgroup stream that keeps or skips payloads as {@code
   * payloads} says and buffers what it must hold in arrays of {@code pool} (one pool per
   * connection: its streams reuse a few arrays), or in an array of its own when {@code pool} is
   * null.
   */
  SubgroupStreamDecoder newSubgroupStreamDecoder(ObjectPayloads payloads, ByteArrayPool pool);

  /** Appends one OBJECT_DATAGRAM; the written bytes are the whole datagram payload. */
  void encodeDatagram(ObjectDatagram datagram, WireWriter out);

  /**
   * Appends {@code datagram} as it goes to a peer that knows its track as {@code trackAlias}: the
   * same bytes as {@link #encodeDatagram(ObjectDatagram, WireWriter)} of a copy with that alias,
   * without the copy (a relay sends each datagram to every subscriber under the subscriber's own
   * alias).
   */
  void encodeDatagram(ObjectDatagram datagram, long trackAlias, WireWriter out);

  /**
   * The varint a datagram's bytes start with, before its track alias, or -1 when this codec's
   * datagrams do not split there (then {@link #encodeDatagramAfterAlias} is not supported).
   */
  default long datagramType(ObjectDatagram datagram) {
    return -1;
  }

  /**
   * Appends what follows the track alias in {@code datagram}'s bytes: with the type and an alias
   * before them, the same bytes as {@link #encodeDatagram(ObjectDatagram, long, WireWriter)}. A
   * relay encodes this once per datagram and shares it with every subscriber.
   *
   * @throws UnsupportedOperationException when {@link #datagramType} is -1
   */
  default void encodeDatagramAfterAlias(ObjectDatagram datagram, WireWriter out) {
    throw new UnsupportedOperationException("this codec's datagrams do not split at the alias");
  }

  /** Decodes one whole datagram (from position to limit). */
  default ObjectDatagram decodeDatagram(ByteBuffer datagram) {
    return decodeDatagram(datagram, ObjectPayloads.KEEP);
  }

  /**
   * Decodes one whole datagram (from position to limit), its payload copied or, with {@link
   * ObjectPayloads#SIZE_ONLY}, only measured.
   */
  ObjectDatagram decodeDatagram(ByteBuffer datagram, ObjectPayloads payloads);
}
