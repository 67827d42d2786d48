package dev.moqbed.media.moqt.draft14;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.VarintFormat;
import dev.moqbed.media.moqt.wire.WireReader;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/** Field structures shared by draft-14 messages (§1.4): tuples, key-value pairs, reasons. */
final class Draft14Fields {
  /** Longest reason phrase in bytes (§1.4.3). */
  static final int MAX_REASON_BYTES = 1024;

  /** Longest full track name (namespace fields plus track name) in bytes (§2.4.1). */
  static final int MAX_FULL_TRACK_NAME_BYTES = 4096;

  private Draft14Fields() {}

  // ---- writing

  static void writeLocation(WireWriter out, Location location) {
    out.writeVarint(location.group()).writeVarint(location.object());
  }

  static void writeNamespace(WireWriter out, TrackNamespace namespace) {
    out.writeVarint(namespace.fields().size());
    for (ByteString field : namespace.fields()) {
      writeByteString(out, field);
    }
  }

  static void writeByteString(WireWriter out, ByteString value) {
    out.writeVarint(value.size());
    value.writeTo(out);
  }

  static void checkFullTrackName(TrackNamespace namespace, ByteString trackName) {
    int total = namespace.totalBytes() + trackName.size();
    if (total > MAX_FULL_TRACK_NAME_BYTES) {
      throw new IllegalArgumentException(
          "full track name of " + total + " bytes exceeds " + MAX_FULL_TRACK_NAME_BYTES);
    }
  }

  static void writeReason(WireWriter out, String reason) {
    byte[] utf8 = reason.getBytes(StandardCharsets.UTF_8);
    if (utf8.length > MAX_REASON_BYTES) {
      throw new IllegalArgumentException(
          "reason phrase of " + utf8.length + " bytes exceeds " + MAX_REASON_BYTES);
    }
    out.writeVarint(utf8.length).writeBytes(utf8);
  }

  /** Number of Parameters, then the pairs. */
  static void writeParameters(WireWriter out, KeyValuePairs parameters) {
    out.writeVarint(parameters.size());
    writePairs(out, parameters);
  }

  static void writePairs(WireWriter out, KeyValuePairs pairs) {
    for (KeyValuePair pair : pairs.pairs()) {
      out.writeVarint(pair.type());
      if (pair instanceof KeyValuePair.VarintValue) {
        out.writeVarint(((KeyValuePair.VarintValue) pair).value());
      } else {
        writeByteString(out, ((KeyValuePair.BytesValue) pair).value());
      }
    }
  }

  /** Bytes {@link #writePairs} produces, computed without writing (for a length prefix). */
  static long pairsLength(VarintFormat varints, KeyValuePairs pairs) {
    long total = 0;
    for (KeyValuePair pair : pairs.pairs()) {
      total += varints.encodedLength(pair.type());
      if (pair instanceof KeyValuePair.VarintValue) {
        total += varints.encodedLength(((KeyValuePair.VarintValue) pair).value());
      } else {
        int size = ((KeyValuePair.BytesValue) pair).value().size();
        total += varints.encodedLength(size) + size;
      }
    }
    return total;
  }

  // ---- reading

  static Location readLocation(WireReader in, String field) {
    long group = in.readVarint(field + ".Group");
    long object = in.readVarint(field + ".Object");
    return new Location(group, object);
  }

  static TrackNamespace readNamespace(WireReader in) {
    long count = in.readVarint("Track Namespace field count");
    if (count == 0 || count > TrackNamespace.MAX_FIELDS) {
      throw MoqtProtocolException.violation(
          count == 0 ? Problem.FORBIDDEN_VALUE : Problem.TOO_LARGE,
          in.frame()
              + ": Track Namespace has "
              + count
              + " fields, allowed 1.."
              + TrackNamespace.MAX_FIELDS);
    }
    List<ByteString> fields = new ArrayList<>((int) count);
    int total = 0;
    for (int i = 0; i < count; i++) {
      ByteString field =
          readByteString(in, "Track Namespace field " + i, MAX_FULL_TRACK_NAME_BYTES);
      total += field.size();
      if (total > MAX_FULL_TRACK_NAME_BYTES) {
        throw nameTooLong(in, total);
      }
      fields.add(field);
    }
    return new TrackNamespace(fields);
  }

  static ByteString readTrackName(WireReader in, TrackNamespace namespace) {
    ByteString name = readByteString(in, "Track Name", MAX_FULL_TRACK_NAME_BYTES);
    int total = namespace.totalBytes() + name.size();
    if (total > MAX_FULL_TRACK_NAME_BYTES) {
      throw nameTooLong(in, total);
    }
    return name;
  }

  static ByteString readByteString(WireReader in, String field, int maxBytes) {
    int length = in.readLength(field + " length", maxBytes);
    return ByteString.wrapOwned(in.readBytes(length, field));
  }

  static String readReason(WireReader in) {
    int length = in.readLength("Reason Phrase length", MAX_REASON_BYTES);
    return decodeText(in.readBytes(length, "Reason Phrase"));
  }

  /**
   * UTF-8 text from the peer, each malformed sequence replaced by '?'. Not by U+FFFD: that takes
   * three bytes, so a reason of 1024 malformed bytes would decode into one of 3072 that no encoder
   * may send, and a relay forwarding it would fail. With '?' the text never encodes longer than the
   * bytes it came from.
   */
  static String decodeText(byte[] utf8) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE)
          .replaceWith("?")
          .decode(ByteBuffer.wrap(utf8))
          .toString();
    } catch (CharacterCodingException impossible) {
      throw new AssertionError("a replacing decoder reported an error", impossible);
    }
  }

  /**
   * Number of Parameters, then the pairs; a known parameter that {@code singleInstance} accepts may
   * appear only once.
   */
  static KeyValuePairs readParameters(WireReader in, LongPredicate singleInstance) {
    long count = readCount(in, "Number of Parameters");
    if (count == 0) {
      return KeyValuePairs.NONE;
    }
    List<KeyValuePair> pairs = new ArrayList<>();
    for (long i = 0; i < count; i++) {
      KeyValuePair pair = readPair(in);
      if (singleInstance.test(pair.type())) {
        for (KeyValuePair earlier : pairs) {
          if (earlier.type() == pair.type()) {
            throw MoqtProtocolException.violation(
                Problem.DUPLICATE_PARAMETER,
                in.frame() + ": parameter 0x" + Long.toHexString(pair.type()) + " repeated");
          }
        }
      }
      pairs.add(pair);
    }
    return new KeyValuePairs(pairs);
  }

  /** Pairs until the reader is exhausted (an extension-headers block). */
  static KeyValuePairs readPairsToEnd(WireReader in) {
    if (in.remaining() == 0) {
      return KeyValuePairs.NONE;
    }
    // One or two pairs (a capture time and a relay's stamp on every object) without a list to grow.
    KeyValuePair first = readPair(in);
    if (in.remaining() == 0) {
      return new KeyValuePairs(List.of(first));
    }
    KeyValuePair second = readPair(in);
    if (in.remaining() == 0) {
      return new KeyValuePairs(List.of(first, second));
    }
    List<KeyValuePair> pairs = new ArrayList<>();
    pairs.add(first);
    pairs.add(second);
    while (in.remaining() > 0) {
      pairs.add(readPair(in));
    }
    return new KeyValuePairs(pairs);
  }

  static KeyValuePair readPair(WireReader in) {
    long type = in.readVarint("Key-Value-Pair type");
    if ((type & 1) == 0) {
      return KeyValuePair.ofVarint(type, in.readVarint("Key-Value-Pair value"));
    }
    return KeyValuePair.ofBytes(
        type, readByteString(in, "Key-Value-Pair value", KeyValuePair.MAX_BYTES));
  }

  /**
   * A count of items that each take at least one byte: a count above the bytes left cannot be
   * honest, so it is rejected before any loop or list is sized by it.
   */
  static long readCount(WireReader in, String field) {
    long count = in.readVarint(field);
    if (count > in.remaining()) {
      throw MoqtProtocolException.violation(
          Problem.TRUNCATED,
          in.frame()
              + ": "
              + field
              + " = "
              + count
              + " but only "
              + in.remaining()
              + " bytes left");
    }
    return count;
  }

  /** A one-byte flag that must be 0 or 1. */
  static boolean readFlag(WireReader in, String field) {
    int value = in.readUint8(field);
    if (value > 1) {
      throw forbidden(in, field + " = " + value + " (must be 0 or 1)");
    }
    return value == 1;
  }

  static MoqtProtocolException forbidden(WireReader in, String detail) {
    return MoqtProtocolException.violation(Problem.FORBIDDEN_VALUE, in.frame() + ": " + detail);
  }

  private static MoqtProtocolException nameTooLong(WireReader in, int total) {
    return MoqtProtocolException.violation(
        Problem.TOO_LARGE,
        in.frame()
            + ": full track name of at least "
            + total
            + " bytes exceeds "
            + MAX_FULL_TRACK_NAME_BYTES);
  }
}
