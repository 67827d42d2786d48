package dev.moqbed.media.moqt;

/**
 * One object on a subgroup stream. Track, group and subgroup come from the stream's {@link
 * SubgroupHeader}; on the wire the object id is a delta from the previous object's.
 *
 * @param extensions the object's extension headers, in wire order; empty when none
 * @param payload the payload; empty for every status but {@link ObjectStatus#NORMAL}, and empty
 *     when decoded with {@link ObjectPayloads#SIZE_ONLY}
 * @param payloadSize the payload's length on the wire: {@code payload.size()}, or the length of the
 *     payload a {@link ObjectPayloads#SIZE_ONLY} decoder skipped
 */
public record SubgroupObject(
    long objectId,
    ObjectStatus status,
    KeyValuePairs extensions,
    ByteString payload,
    int payloadSize) {
  public SubgroupObject {
    if (objectId < 0) {
      throw new IllegalArgumentException("negative object id " + objectId);
    }
    ObjectRules.check(status, extensions, payload, payloadSize);
  }

  /** An object with its payload. */
  public SubgroupObject(
      long objectId, ObjectStatus status, KeyValuePairs extensions, ByteString payload) {
    this(objectId, status, extensions, payload, payload.size());
  }

  /** A normal object whose {@code payloadSize} bytes were skipped, not kept. */
  public static SubgroupObject sizeOnly(long objectId, KeyValuePairs extensions, int payloadSize) {
    return new SubgroupObject(
        objectId, ObjectStatus.NORMAL, extensions, ByteString.EMPTY, payloadSize);
  }

  /** A normal object without extension headers. */
  public static SubgroupObject of(long objectId, ByteString payload) {
    return new SubgroupObject(objectId, ObjectStatus.NORMAL, KeyValuePairs.NONE, payload);
  }

  /** A payload-less object with a status (end of group, end of track, does not exist). */
  public static SubgroupObject ofStatus(long objectId, ObjectStatus status) {
    return new SubgroupObject(objectId, status, KeyValuePairs.NONE, ByteString.EMPTY);
  }
}
