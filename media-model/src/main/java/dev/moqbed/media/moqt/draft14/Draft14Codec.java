package dev.moqbed.media.moqt.draft14;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ControlStreamDecoder;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectPayloads;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.media.moqt.wire.ByteArrayPool;
import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.VarintFormat;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * draft-ietf-moq-transport-14: RFC 9000 varints, one bidirectional control stream with {@code Type
 * (i), Length (16)} framing, SUBGROUP_HEADER stream types 0x10–0x1D, OBJECT_DATAGRAM types
 * 0x00–0x07 and 0x20–0x21.
 */
public final class Draft14Codec implements MoqtCodec {
  private final MoqtLimits limits;
  private final Draft14ControlCodec control;
  private final Draft14DataCodec data;

  /** A codec whose decoders enforce {@code limits}. */
  public Draft14Codec(MoqtLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    this.control = new Draft14ControlCodec(limits);
    this.data = new Draft14DataCodec(limits);
  }

  @Override
  public MoqtVersion version() {
    return MoqtVersion.DRAFT_14;
  }

  @Override
  public MoqtLimits limits() {
    return limits;
  }

  @Override
  public VarintFormat varints() {
    return QuicVarint.INSTANCE;
  }

  @Override
  public void encodeControl(ControlMessage message, WireWriter out) {
    requireQuicVarints(out);
    control.encode(Objects.requireNonNull(message, "message"), out);
  }

  @Override
  public ControlMessage decodeControl(ByteBuffer frame) {
    return control.decode(frame);
  }

  @Override
  public ControlStreamDecoder newControlStreamDecoder() {
    return new Draft14ControlStreamDecoder(control);
  }

  @Override
  public SubgroupStreamEncoder newSubgroupStreamEncoder(SubgroupHeader header) {
    return new Draft14SubgroupStreamEncoder(header);
  }

  @Override
  public SubgroupStreamDecoder newSubgroupStreamDecoder(
      ObjectPayloads payloads, ByteArrayPool pool) {
    ByteAccumulator buffer = pool == null ? new ByteAccumulator() : new ByteAccumulator(pool);
    return switch (Objects.requireNonNull(payloads, "payloads")) {
      case KEEP -> new Draft14SubgroupStreamDecoder(data, buffer);
      case SIZE_ONLY -> new Draft14SubgroupSizeDecoder(data, buffer);
    };
  }

  @Override
  public void encodeDatagram(ObjectDatagram datagram, WireWriter out) {
    requireQuicVarints(out);
    Draft14DataCodec.writeDatagram(Objects.requireNonNull(datagram, "datagram"), out);
  }

  @Override
  public void encodeDatagram(ObjectDatagram datagram, long trackAlias, WireWriter out) {
    requireQuicVarints(out);
    Draft14DataCodec.writeDatagram(Objects.requireNonNull(datagram, "datagram"), trackAlias, out);
  }

  @Override
  public long datagramType(ObjectDatagram datagram) {
    return Draft14DataCodec.datagramType(Objects.requireNonNull(datagram, "datagram"));
  }

  @Override
  public void encodeDatagramAfterAlias(ObjectDatagram datagram, WireWriter out) {
    requireQuicVarints(out);
    Draft14DataCodec.writeDatagramAfterAlias(
        datagram, Draft14DataCodec.datagramType(datagram), out);
  }

  @Override
  public ObjectDatagram decodeDatagram(ByteBuffer datagram, ObjectPayloads payloads) {
    return data.readDatagram(datagram, Objects.requireNonNull(payloads, "payloads"));
  }

  private static void requireQuicVarints(WireWriter out) {
    if (out.varints() != QuicVarint.INSTANCE) {
      throw new IllegalArgumentException("draft-14 writes RFC 9000 varints");
    }
  }
}
