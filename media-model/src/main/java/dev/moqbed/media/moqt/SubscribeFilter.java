package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * Which objects a SUBSCRIBE asks for (draft-14 §9.7). The start location is present for the two
 * absolute filters, the end group for the absolute range only; for the others they are null and -1.
 */
public record SubscribeFilter(Type type, Location start, long endGroup) {
  /** Filter types with their draft-14 wire values. */
  public enum Type {
    /** From the first object of the group after the largest one. */
    NEXT_GROUP_START(0x1),
    /** From the object after the largest one. */
    LARGEST_OBJECT(0x2),
    /** From an explicit location, open ended. */
    ABSOLUTE_START(0x3),
    /** From an explicit location to the end of an explicit group. */
    ABSOLUTE_RANGE(0x4);

    private final long code;

    Type(long code) {
      this.code = code;
    }

    /** The wire value. */
    public long code() {
      return code;
    }

    /** The type with wire value {@code code}, or null when none is defined. */
    public static Type fromCode(long code) {
      for (Type type : values()) {
        if (type.code == code) {
          return type;
        }
      }
      return null;
    }
  }

  public SubscribeFilter {
    Objects.requireNonNull(type, "type");
    boolean hasStart = type == Type.ABSOLUTE_START || type == Type.ABSOLUTE_RANGE;
    if (hasStart != (start != null)) {
      throw new IllegalArgumentException(type + (hasStart ? " needs" : " has no") + " start");
    }
    if ((type == Type.ABSOLUTE_RANGE) != (endGroup >= 0)) {
      throw new IllegalArgumentException(
          type + (type == Type.ABSOLUTE_RANGE ? " needs" : " has no") + " end group");
    }
  }

  /** Next Group Start. */
  public static SubscribeFilter nextGroupStart() {
    return new SubscribeFilter(Type.NEXT_GROUP_START, null, -1);
  }

  /** Largest Object. */
  public static SubscribeFilter largestObject() {
    return new SubscribeFilter(Type.LARGEST_OBJECT, null, -1);
  }

  /** AbsoluteStart from {@code start}. */
  public static SubscribeFilter absoluteStart(Location start) {
    return new SubscribeFilter(Type.ABSOLUTE_START, start, -1);
  }

  /** AbsoluteRange from {@code start} to the end of group {@code endGroup}. */
  public static SubscribeFilter absoluteRange(Location start, long endGroup) {
    return new SubscribeFilter(Type.ABSOLUTE_RANGE, start, endGroup);
  }
}
