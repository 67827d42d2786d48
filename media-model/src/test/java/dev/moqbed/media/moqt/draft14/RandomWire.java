package dev.moqbed.media.moqt.draft14;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GoAway;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceCancel;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.RequestsBlocked;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SetupParameter;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.wire.QuicVarint;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongPredicate;

/**
 * Seeded random records for the property tests. Half of all varints are drawn from the length
 * boundaries of RFC 9000 (63/64, 16383/16384, 2^30-1/2^30, 2^62-1), the rest spread evenly over bit
 * widths so every encoded length is exercised.
 */
final class RandomWire {
  static final long[] BOUNDARIES = {
    0, 1, 63, 64, 16383, 16384, (1L << 30) - 1, 1L << 30, QuicVarint.MAX_VALUE
  };

  /** Characters of 1 to 4 UTF-8 bytes, so reason phrases cross encodings. */
  private static final String[] TEXT = {"a", "Z", "0", " ", "/", "é", "€", "😀"};

  /** Every record kind the draft-14 codec parses, one per index. */
  static final int CONTROL_KINDS = 16;

  private final SplittableRandom random;

  RandomWire(long seed) {
    this.random = new SplittableRandom(seed);
  }

  SplittableRandom random() {
    return random;
  }

  long varint() {
    if (random.nextBoolean()) {
      return BOUNDARIES[random.nextInt(BOUNDARIES.length)];
    }
    return random.nextLong(1L << (1 + random.nextInt(62)));
  }

  /** A varint no larger than {@code max}. */
  long varintUpTo(long max) {
    long value = varint();
    return value <= max ? value : random.nextLong(max + 1);
  }

  int priority() {
    return random.nextInt(256);
  }

  ByteString bytes(int maxLength) {
    // Sometimes exactly 63 or 64 bytes, so the length prefix crosses its 1-byte boundary.
    int length = random.nextInt(8) == 0 ? 63 + random.nextInt(2) : random.nextInt(maxLength + 1);
    byte[] out = new byte[length];
    random.nextBytes(out);
    return ByteString.wrapOwned(out);
  }

  String text(int maxChars) {
    StringBuilder out = new StringBuilder();
    int chars = random.nextInt(maxChars + 1);
    for (int i = 0; i < chars; i++) {
      out.append(TEXT[random.nextInt(TEXT.length)]);
    }
    return out.toString();
  }

  TrackNamespace namespace() {
    int fields = random.nextInt(10) == 0 ? TrackNamespace.MAX_FIELDS : 1 + random.nextInt(4);
    List<ByteString> out = new ArrayList<>();
    for (int i = 0; i < fields; i++) {
      out.add(bytes(fields > 4 ? 8 : 40));
    }
    return new TrackNamespace(out);
  }

  Location location() {
    return new Location(varint(), varint());
  }

  /** Random pairs; a type that {@code singleInstance} accepts is used at most once. */
  KeyValuePairs pairs(int maxPairs, LongPredicate singleInstance) {
    int count = random.nextInt(maxPairs + 1);
    List<KeyValuePair> out = new ArrayList<>();
    List<Long> used = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long type = random.nextInt(4) == 0 ? random.nextInt(8) : varint();
      if (singleInstance.test(type) && used.contains(type)) {
        continue;
      }
      used.add(type);
      out.add(
          (type & 1) == 0
              ? KeyValuePair.ofVarint(type, varint())
              : KeyValuePair.ofBytes(type, bytes(30)));
    }
    return new KeyValuePairs(out);
  }

  KeyValuePairs setupParameters() {
    return pairs(5, SetupParameter::isSingleInstance);
  }

  KeyValuePairs messageParameters() {
    return pairs(5, Draft14Codes::isSingleInstanceParameter);
  }

  /** Extension headers, often including the capture timestamp. */
  KeyValuePairs extensions() {
    List<KeyValuePair> out = new ArrayList<>(pairs(3, type -> false).pairs());
    if (random.nextBoolean()) {
      out.add(random.nextInt(out.size() + 1), ObjectExtension.captureTimestamp(varint()));
    }
    return new KeyValuePairs(out);
  }

  SubscribeFilter filter() {
    switch (random.nextInt(4)) {
      case 0:
        return SubscribeFilter.nextGroupStart();
      case 1:
        return SubscribeFilter.largestObject();
      case 2:
        return SubscribeFilter.absoluteStart(location());
      default:
        return SubscribeFilter.absoluteRange(location(), varint());
    }
  }

  /** A control message of kind {@code kind} (0 .. CONTROL_KINDS-1). */
  ControlMessage control(int kind) {
    switch (kind) {
      case 0:
        {
          List<Long> versions = new ArrayList<>();
          int n = random.nextInt(5);
          for (int i = 0; i < n; i++) {
            versions.add(random.nextBoolean() ? 0xff00000eL : random.nextLong(1L << 32));
          }
          return new ClientSetup(versions, setupParameters());
        }
      case 1:
        return new ServerSetup(random.nextLong(1L << 32), setupParameters());
      case 2:
        return new GoAway(text(40));
      case 3:
        return new MaxRequestId(varint());
      case 4:
        return new RequestsBlocked(varint());
      case 5:
        {
          TrackNamespace namespace = namespace();
          return new Subscribe(
              varint(),
              namespace,
              bytes(40),
              priority(),
              GroupOrder.values()[random.nextInt(3)],
              random.nextBoolean(),
              filter(),
              messageParameters());
        }
      case 6:
        return new SubscribeOk(
            varint(),
            varint(),
            varint(),
            random.nextBoolean() ? GroupOrder.ASCENDING : GroupOrder.DESCENDING,
            random.nextBoolean() ? location() : null,
            messageParameters());
      case 7:
        return new SubscribeError(varint(), varint(), text(30));
      case 8:
        return new Unsubscribe(varint());
      case 9:
        return new PublishDone(varint(), varint(), varint(), text(30));
      case 10:
        return new PublishNamespace(varint(), namespace(), messageParameters());
      case 11:
        return new PublishNamespaceOk(varint());
      case 12:
        return new PublishNamespaceError(varint(), varint(), text(30));
      case 13:
        return new PublishNamespaceDone(namespace());
      case 14:
        return new PublishNamespaceCancel(namespace(), varint(), text(30));
      default:
        {
          long[] raw = {0x02, 0x0D, 0x11, 0x16, 0x1D};
          return new UnsupportedControlMessage(raw[random.nextInt(raw.length)], bytes(50));
        }
    }
  }

  SubgroupHeader subgroupHeader() {
    SubgroupIdMode mode = SubgroupIdMode.values()[random.nextInt(3)];
    long subgroup =
        mode == SubgroupIdMode.EXPLICIT
            ? varint()
            : mode == SubgroupIdMode.ZERO ? 0 : SubgroupHeader.UNRESOLVED;
    return new SubgroupHeader(
        varint(), varint(), mode, subgroup, priority(), random.nextBoolean(), random.nextBoolean());
  }

  /** Objects with increasing ids for a stream with {@code header}. */
  List<SubgroupObject> subgroupObjects(SubgroupHeader header, int maxObjects) {
    int count = random.nextInt(maxObjects + 1);
    List<SubgroupObject> out = new ArrayList<>();
    long id = random.nextBoolean() ? varintUpTo(QuicVarint.MAX_VALUE - 1_000_000) : 0;
    for (int i = 0; i < count; i++) {
      boolean last = i == count - 1;
      ObjectStatus status = ObjectStatus.NORMAL;
      int pick = random.nextInt(10);
      if (pick == 0) {
        status = ObjectStatus.DOES_NOT_EXIST;
      } else if (pick == 1 && last) {
        status = random.nextBoolean() ? ObjectStatus.END_OF_GROUP : ObjectStatus.END_OF_TRACK;
      }
      KeyValuePairs extensions =
          header.extensionsPresent() && status != ObjectStatus.DOES_NOT_EXIST
              ? extensions()
              : KeyValuePairs.NONE;
      ByteString payload = status == ObjectStatus.NORMAL ? bytes(100) : ByteString.EMPTY;
      out.add(new SubgroupObject(id, status, extensions, payload));
      // Gaps of 0 (consecutive), 63/64 (delta crosses a varint length) or random.
      long gap = random.nextInt(3) == 0 ? 62 + random.nextInt(3) : random.nextInt(3);
      id += 1 + gap;
    }
    return out;
  }

  ObjectDatagram datagram() {
    ObjectStatus status = ObjectStatus.values()[random.nextInt(4)];
    boolean endOfGroup = status == ObjectStatus.NORMAL && random.nextBoolean();
    KeyValuePairs extensions =
        status == ObjectStatus.DOES_NOT_EXIST ? KeyValuePairs.NONE : extensions();
    long objectId = random.nextInt(4) == 0 ? 0 : varint();
    return new ObjectDatagram(
        varint(),
        varint(),
        objectId,
        priority(),
        endOfGroup,
        status,
        extensions,
        status == ObjectStatus.NORMAL ? bytes(200) : ByteString.EMPTY);
  }
}
