package dev.moqbed.transport.endpoint;

import dev.moqbed.runtime.wire.VarintCodec;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.QuicVersion;
import java.nio.ByteBuffer;

/**
 * The parts of a datagram's first header the endpoint routes on, read without decoding the packet
 * (RFC 9000 §5.2, §17): its Destination Connection ID as a routing key, and for a long header the
 * version, the type and the Source Connection ID. Reused for every datagram; allocates nothing.
 *
 * <p>Every id this endpoint hands out is {@link ConnectionIds#MODEL_LENGTH} (8) bytes, so the key
 * is those 8 bytes as a {@code long}; a short header carries exactly that many after its first
 * byte. A long header whose Destination Connection ID has another length (8 to 20 bytes, RFC 9000
 * §7.2) is a client's first flight to an id it made up (quiche: 20 bytes): {@link
 * #hasForeignDestination}, routed by that id until the client has the server's.
 */
final class InboundHeader {
  /** RFC 9000 §14.1: a client's Initial arrives in a datagram of at least 1,200 bytes. */
  static final int MIN_INITIAL_DATAGRAM_BYTES = 1200;

  private static final int LONG_HEADER_BIT = 0x80;
  private static final int FIXED_BIT = 0x40;
  private static final int INITIAL_TYPE = 0;

  private boolean longHeader;
  private int version;
  private int longType;
  private long destinationKey;
  private int sourceIdOffset;
  private int sourceIdLength;
  private int datagramBytes;
  private boolean foreignDestination;
  private boolean unknownVersion;
  private int destinationIdOffset;
  private int destinationIdLength;

  /**
   * Reads the header at the start of {@code datagram}'s remaining bytes (left unchanged). A long
   * header of another version than 1 is read only as far as RFC 8999's invariants go (version and
   * both ids, up to 255 bytes each): {@link #hasUnknownVersion}.
   *
   * @return false when it is too short, a v1 header has the fixed bit clear, or a v1 Destination
   *     Connection ID is not 8 to 20 bytes: no connection of this endpoint can own it
   */
  boolean parse(ByteBuffer datagram) {
    int start = datagram.position();
    int end = datagram.limit();
    datagramBytes = end - start;
    if (datagramBytes < 1 + ConnectionIds.MODEL_LENGTH) {
      return false;
    }
    int first = datagram.get(start) & 0xff;
    longHeader = (first & LONG_HEADER_BIT) != 0;
    foreignDestination = false;
    unknownVersion = false;
    if (!longHeader) {
      destinationKey = datagram.getLong(start + 1);
      return (first & FIXED_BIT) != 0;
    }
    // first byte, version (4), DCID length (1), DCID, SCID length (1), SCID
    int dcidLengthAt = start + 5;
    version = datagram.getInt(start + 1);
    int dcidLength = datagram.get(dcidLengthAt) & 0xff;
    int scidLengthAt = dcidLengthAt + 1 + dcidLength;
    if (scidLengthAt >= end) {
      return false;
    }
    destinationIdOffset = dcidLengthAt + 1;
    destinationIdLength = dcidLength;
    sourceIdLength = datagram.get(scidLengthAt) & 0xff;
    sourceIdOffset = scidLengthAt + 1;
    if (sourceIdOffset + sourceIdLength > end) {
      return false;
    }
    if (version != QuicVersion.VERSION_1) {
      unknownVersion = true;
      return true;
    }
    if ((first & FIXED_BIT) == 0
        || dcidLength < ConnectionIds.MODEL_LENGTH
        || dcidLength > ConnectionId.MAX_LENGTH
        || sourceIdLength > ConnectionId.MAX_LENGTH) {
      return false;
    }
    longType = (first >>> 4) & 0x3;
    foreignDestination = dcidLength != ConnectionIds.MODEL_LENGTH;
    destinationKey = foreignDestination ? 0 : datagram.getLong(destinationIdOffset);
    return true;
  }

  /**
   * A long header of a version other than 1 (0 is a Version Negotiation): only {@link #version},
   * the ids' places and {@link #isLargeEnoughForInitial} are meaningful.
   */
  boolean hasUnknownVersion() {
    return unknownVersion;
  }

  /** The version of a long header. */
  int version() {
    return version;
  }

  /** The datagram is as large as a client's first must be (RFC 9000 §14.1). */
  boolean isLargeEnoughForInitial() {
    return datagramBytes >= MIN_INITIAL_DATAGRAM_BYTES;
  }

  /** Where the Destination Connection ID of a long header starts in the datagram. */
  int destinationIdOffset() {
    return destinationIdOffset;
  }

  int destinationIdLength() {
    return destinationIdLength;
  }

  /** Where the Source Connection ID of a long header starts in the datagram. */
  int sourceIdOffset() {
    return sourceIdOffset;
  }

  int sourceIdLength() {
    return sourceIdLength;
  }

  /**
   * A long header whose Destination Connection ID is not 8 bytes: no id this endpoint made, so
   * {@link #destinationKey} is meaningless; {@link #destinationId} names it.
   */
  boolean hasForeignDestination() {
    return foreignDestination;
  }

  /** The Destination Connection ID of a long header (copied). */
  ConnectionId destinationId(ByteBuffer datagram) {
    return copy(datagram, destinationIdOffset, destinationIdLength);
  }

  /** A short header: a 1-RTT packet, or a Stateless Reset that looks like one. */
  boolean isShortHeader() {
    return !longHeader;
  }

  /** The Destination Connection ID's 8 bytes, big-endian. */
  long destinationKey() {
    return destinationKey;
  }

  /**
   * A client's first flight as RFC 9000 §14.1 lets a server answer it: v1 Initial, ≥1,200 bytes.
   */
  boolean isAcceptableInitial() {
    return longHeader && !unknownVersion && longType == INITIAL_TYPE && isLargeEnoughForInitial();
  }

  /**
   * The Token of an Initial (RFC 9000 §17.2.2), after the Source Connection ID: empty when its
   * length is 0, null when the length field or the token runs past the datagram. Read only for an
   * {@link #isAcceptableInitial()}.
   */
  byte[] initialToken(ByteBuffer datagram) {
    int at = sourceIdOffset + sourceIdLength;
    int end = datagram.limit();
    int lengthBytes = VarintCodec.completeLengthAt(datagram, at);
    if (lengthBytes < 0) {
      return null;
    }
    long length = VarintCodec.decodeAt(datagram, at, lengthBytes);
    if (length > end - at - lengthBytes) {
      return null;
    }
    byte[] token = new byte[(int) length];
    datagram.get(at + lengthBytes, token);
    return token;
  }

  /** The Source Connection ID of a long header: the id the client chose for itself. */
  ConnectionId sourceId(ByteBuffer datagram) {
    return copy(datagram, sourceIdOffset, sourceIdLength);
  }

  private static ConnectionId copy(ByteBuffer datagram, int offset, int length) {
    byte[] id = new byte[length];
    datagram.get(offset, id);
    return ConnectionId.of(id);
  }

  /** The routing key of an id this endpoint made: its 8 bytes, big-endian. */
  static long keyOf(ConnectionId id) {
    long key = 0;
    for (int i = 0; i < ConnectionIds.MODEL_LENGTH; i++) {
      key = (key << 8) | (id.byteAt(i) & 0xff);
    }
    return key;
  }

  /** The 8-byte id of a routing key. */
  static ConnectionId idOf(long key) {
    byte[] id = new byte[ConnectionIds.MODEL_LENGTH];
    for (int i = id.length - 1; i >= 0; i--) {
      id[i] = (byte) key;
      key >>>= 8;
    }
    return ConnectionId.of(id);
  }
}
