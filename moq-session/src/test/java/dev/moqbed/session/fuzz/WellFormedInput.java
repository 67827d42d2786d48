package dev.moqbed.session.fuzz;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GoAway;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.session.MoqtSession;
import java.util.List;

/**
 * Well-formed bytes built from fuzzer choices with the codec's own encoders: control messages,
 * subgroup streams, datagrams. They get the session past its setup and deep into its states, where
 * the malformed bytes the fuzzer mixes in do the most harm.
 */
final class WellFormedInput {
  private static final int MESSAGE_KINDS = 10;

  private final MoqtCodec codec;
  private final FuzzBytes data;

  WellFormedInput(MoqtCodec codec, FuzzBytes data) {
    this.codec = codec;
    this.data = data;
  }

  /** The setup message the session expects from {@code peerSide}, offering its version. */
  byte[] setup(MoqtSession.Side peerSide) {
    long version = MoqtVersion.DRAFT_14.setupVersionNumber();
    return encode(
        peerSide == MoqtSession.Side.CLIENT
            ? new ClientSetup(List.of(version), KeyValuePairs.NONE)
            : new ServerSetup(version, KeyValuePairs.NONE));
  }

  byte[] controlMessage() {
    return encode(message());
  }

  private byte[] encode(ControlMessage message) {
    WireWriter out = codec.newWriter();
    codec.encodeControl(message, out);
    return out.toByteArray();
  }

  /** A header and up to four objects of one subgroup stream, as one write. */
  byte[] subgroupStream() {
    SubgroupIdMode mode = data.pick(SubgroupIdMode.values());
    long subgroupId =
        mode == SubgroupIdMode.EXPLICIT
            ? smallId()
            : mode == SubgroupIdMode.ZERO ? 0 : SubgroupHeader.UNRESOLVED;
    SubgroupHeader header =
        new SubgroupHeader(
            smallId(), smallId(), mode, subgroupId, priority(), data.nextBoolean(), false);
    WireWriter out = codec.newWriter();
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(header);
    encoder.writeHeader(out);
    long objectId = smallId();
    for (int i = data.nextInt(5); i > 0; i--) {
      encoder.writeObject(SubgroupObject.of(objectId, payload()), out);
      objectId += 1 + data.nextInt(3);
    }
    return out.toByteArray();
  }

  byte[] datagram() {
    WireWriter out = codec.newWriter();
    codec.encodeDatagram(
        new ObjectDatagram(
            smallId(),
            smallId(),
            smallId(),
            priority(),
            false,
            ObjectStatus.NORMAL,
            KeyValuePairs.NONE,
            payload()),
        out);
    return out.toByteArray();
  }

  private ControlMessage message() {
    long version = MoqtVersion.DRAFT_14.setupVersionNumber();
    switch (data.nextInt(MESSAGE_KINDS)) {
      case 0:
        return new ClientSetup(List.of(data.nextBoolean() ? version : 1L), KeyValuePairs.NONE);
      case 1:
        return new ServerSetup(data.nextBoolean() ? version : 1L, KeyValuePairs.NONE);
      case 2:
        return new Subscribe(
            smallId(),
            namespace(),
            ByteString.utf8("track"),
            priority(),
            GroupOrder.ASCENDING,
            data.nextBoolean(),
            SubscribeFilter.largestObject(),
            KeyValuePairs.NONE);
      case 3:
        return new SubscribeOk(
            smallId(), smallId(), 0, GroupOrder.ASCENDING, Location.ZERO, KeyValuePairs.NONE);
      case 4:
        return new SubscribeError(smallId(), smallId(), data.nextText(16));
      case 5:
        return new Unsubscribe(smallId());
      case 6:
        return new PublishDone(smallId(), smallId(), smallId(), data.nextText(16));
      case 7:
        return new PublishNamespace(smallId(), namespace(), KeyValuePairs.NONE);
      case 8:
        return new PublishNamespaceOk(smallId());
      default:
        return data.nextBoolean() ? new MaxRequestId(smallId()) : new GoAway("");
    }
  }

  private TrackNamespace namespace() {
    return TrackNamespace.of(data.nextBoolean() ? "live" : "vod");
  }

  /** Ids from a small range, so that the peer's messages refer to each other. */
  private long smallId() {
    return data.nextInt(8);
  }

  private int priority() {
    return data.nextInt(256);
  }

  /** Never empty: an empty payload is how the wire says "status follows". */
  private ByteString payload() {
    byte[] bytes = data.nextBytes(64);
    return bytes.length == 0 ? ByteString.utf8("x") : ByteString.wrapOwned(bytes);
  }
}
