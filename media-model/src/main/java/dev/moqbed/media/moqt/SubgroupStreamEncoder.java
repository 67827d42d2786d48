package dev.moqbed.media.moqt;

import dev.moqbed.media.moqt.wire.WireWriter;

/**
 * Writes one subgroup stream: the header once, then objects in increasing object-id order. Keeps
 * the previous object id because the wire carries deltas.
 */
public interface SubgroupStreamEncoder {
  /** The header this stream was opened with. */
  SubgroupHeader header();

  /** Appends the stream header; call once, before any object. */
  void writeHeader(WireWriter out);

  /**
   * Appends one object.
   *
   * @throws IllegalArgumentException if the object id does not increase, or the object carries
   *     extension headers on a stream whose header says there are none
   */
  default void writeObject(SubgroupObject object, WireWriter out) {
    writeObjectHead(object, out);
    object.payload().writeTo(out);
  }

  /**
   * Appends one object without its payload bytes: everything up to the payload length, and the
   * status of an empty object. The caller sends the payload right after it, from the object's own
   * bytes, so one object written to many streams is never copied per stream.
   *
   * @throws IllegalArgumentException as {@link #writeObject}
   */
  void writeObjectHead(SubgroupObject object, WireWriter out);

  /**
   * The head of one object, as {@link #writeObjectHead} would append it, as bytes the caller must
   * not change: taken from {@code shared} when another stream in the same state encoded it there,
   * otherwise encoded (with {@code scratch}) and kept in {@code shared} for the next stream. The
   * object counts as written on this stream, exactly as after {@link #writeObjectHead}.
   *
   * @throws IllegalArgumentException as {@link #writeObject}
   */
  default ByteString objectHead(
      SubgroupObject object, SharedObjectHead shared, WireWriter scratch) {
    scratch.clear();
    writeObjectHead(object, scratch);
    return ByteString.wrapOwned(scratch.toByteArray());
  }
}
