package dev.moqbed.media.moqt;

import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireWriter;

/**
 * One object datagram on its way to many peers, each knowing its track by another alias: the type
 * and what follows the alias are encoded once, by the first peer's codec, and shared read-only by
 * every peer whose codec speaks the same version (a codec's limits bound what it decodes, not what
 * it encodes); only the type and alias, a few bytes, are written per peer. Made once per datagram
 * by a relay.
 *
 * <p>Single-threaded: the sessions of one relay event loop share it.
 */
public final class SharedDatagram {
  private final ObjectDatagram datagram;
  private MoqtVersion version;
  private long type = -1;
  private byte[] afterAlias;

  public SharedDatagram(ObjectDatagram datagram) {
    this.datagram = datagram;
  }

  public ObjectDatagram datagram() {
    return datagram;
  }

  /**
   * The bytes after the track alias as {@code codec} encodes them (with {@code scratch} the first
   * time), or null when that codec's datagrams do not split at the alias or another codec encoded
   * them here first for another version; then {@link #type()} is the type to write before the
   * alias.
   */
  public byte[] afterAlias(MoqtCodec codec, WireWriter scratch) {
    if (version == null) {
      long splitType = codec.datagramType(datagram);
      if (splitType < 0) {
        return null;
      }
      scratch.clear();
      codec.encodeDatagramAfterAlias(datagram, scratch);
      this.version = codec.version();
      this.type = splitType;
      this.afterAlias = scratch.toByteArray();
    }
    return version == codec.version() ? afterAlias : null;
  }

  /** The datagram's type, once {@link #afterAlias} gave bytes. */
  public long type() {
    return type;
  }

  /**
   * How many bytes the type and {@code trackAlias} take as varints, 0 when over 8 (an alias of 2^30
   * or more): then the datagram is encoded whole. Once {@link #afterAlias} gave bytes.
   */
  public int prefixLength(long trackAlias) {
    int length =
        QuicVarint.INSTANCE.encodedLength(type) + QuicVarint.INSTANCE.encodedLength(trackAlias);
    return length <= Long.BYTES ? length : 0;
  }

  /**
   * The type and {@code trackAlias} as varints (RFC 9000 §16) in the low {@link #prefixLength}
   * bytes of a long, the first byte the most significant.
   */
  public long prefix(long trackAlias) {
    int aliasLength = QuicVarint.INSTANCE.encodedLength(trackAlias);
    return (varintBits(type) << (8 * aliasLength)) | varintBits(trackAlias);
  }

  private static long varintBits(long value) {
    int length = QuicVarint.INSTANCE.encodedLength(value);
    long lengthCode = Long.numberOfTrailingZeros(length); // 1, 2, 4, 8 bytes: 0b00 to 0b11
    return (lengthCode << (8 * length - 2)) | value;
  }
}
