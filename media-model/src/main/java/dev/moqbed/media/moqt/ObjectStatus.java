package dev.moqbed.media.moqt;

/**
 * What an object is, besides a payload (draft-14 §10.2.1.1). Only {@link #NORMAL} objects carry
 * payload bytes. The wire values are draft-14's; -16 dropped {@link #DOES_NOT_EXIST}, which its
 * codec will then refuse to encode.
 */
public enum ObjectStatus {
  /** An ordinary object; implicit for any object with a payload. */
  NORMAL(0x0),
  /** The object does not exist and never will. */
  DOES_NOT_EXIST(0x1),
  /** The object id is one past the last object of the group. */
  END_OF_GROUP(0x3),
  /** The location is one past the last object of the track. */
  END_OF_TRACK(0x4);

  private final long code;

  ObjectStatus(long code) {
    this.code = code;
  }

  /** The draft-14 wire value. */
  public long code() {
    return code;
  }

  /** The status with wire value {@code code}, or null when draft-14 defines none. */
  public static ObjectStatus fromCode(long code) {
    for (ObjectStatus status : values()) {
      if (status.code == code) {
        return status;
      }
    }
    return null;
  }
}
