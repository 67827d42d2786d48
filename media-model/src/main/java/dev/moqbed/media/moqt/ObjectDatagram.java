package dev.moqbed.media.moqt;

/**
 * OBJECT_DATAGRAM: one whole object in one QUIC datagram (audio frames, typically).
 *
 * @param publisherPriority 0 (most urgent) to 255
 * @param endOfGroup true when this is the last object of its group
 * @param extensions extension headers in wire order; empty when none
 * @param payload empty for every status but {@link ObjectStatus#NORMAL}, and empty when decoded
 *     with {@link ObjectPayloads#SIZE_ONLY}
 * @param payloadSize the payload's length on the wire: {@code payload.size()}, or the length of the
 *     payload a {@link ObjectPayloads#SIZE_ONLY} decoder skipped
 */
public record ObjectDatagram(
    long trackAlias,
    long groupId,
    long objectId,
    int publisherPriority,
    boolean endOfGroup,
    ObjectStatus status,
    KeyValuePairs extensions,
    ByteString payload,
    int payloadSize) {
  public ObjectDatagram {
    if (objectId < 0) {
      throw new IllegalArgumentException("negative object id " + objectId);
    }
    Priorities.require(publisherPriority, "publisherPriority");
    ObjectRules.check(status, extensions, payload, payloadSize);
  }

  /** A datagram with its payload. */
  public ObjectDatagram(
      long trackAlias,
      long groupId,
      long objectId,
      int publisherPriority,
      boolean endOfGroup,
      ObjectStatus status,
      KeyValuePairs extensions,
      ByteString payload) {
    this(
        trackAlias,
        groupId,
        objectId,
        publisherPriority,
        endOfGroup,
        status,
        extensions,
        payload,
        payload.size());
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
