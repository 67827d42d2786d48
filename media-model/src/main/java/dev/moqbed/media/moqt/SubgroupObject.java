package dev.moqbed.media.moqt;

/**
 * One object on a subgroup stream. Track, group and subgroup come from the stream's {@link
 * SubgroupHeader}; on the wire the object id is a delta from the previous object's.
 *
 * @param extensions the object's extension headers, in wire order; empty when none
 * @param payload the payload; empty for every status but {@link ObjectStatus#NORMAL}
 */
public record SubgroupObject(
    long objectId, ObjectStatus status, KeyValuePairs extensions, ByteString payload) {
  public SubgroupObject {
    if (objectId < 0) {
      throw new IllegalArgumentException("negative object id " + objectId);
    }
    ObjectRules.check(status, extensions, payload);
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
