package dev.moqbed.media.moqt;

/**
 * OBJECT_DATAGRAM: one whole object in one QUIC datagram (audio frames, typically).
 *
 * @param publisherPriority 0 (most urgent) to 255
 * @param endOfGroup true when this is the last object of its group
 * @param extensions extension headers in wire order; empty when none
 * @param payload empty for every status but {@link ObjectStatus#NORMAL}
 */
public record ObjectDatagram(
    long trackAlias,
    long groupId,
    long objectId,
    int publisherPriority,
    boolean endOfGroup,
    ObjectStatus status,
    KeyValuePairs extensions,
    ByteString payload) {
  public ObjectDatagram {
    if (objectId < 0) {
      throw new IllegalArgumentException("negative object id " + objectId);
    }
    Priorities.require(publisherPriority, "publisherPriority");
    ObjectRules.check(status, extensions, payload);
  }

  /** A normal object with a payload and extension headers. */
  public static ObjectDatagram of(
      long trackAlias,
      long groupId,
      long objectId,
      int publisherPriority,
      KeyValuePairs extensions,
      ByteString payload) {
    return new ObjectDatagram(
        trackAlias,
        groupId,
        objectId,
        publisherPriority,
        false,
        ObjectStatus.NORMAL,
        extensions,
        payload);
  }
}
