package dev.moqbed.media.moqt;

/** The order in which a subscription delivers groups (draft-14 §7.1). */
public enum GroupOrder {
  /** Only in SUBSCRIBE: use the original publisher's order. Forbidden in SUBSCRIBE_OK. */
  PUBLISHER_DEFAULT(0x0),
  /** Lower group ids first. */
  ASCENDING(0x1),
  /** Higher group ids first. */
  DESCENDING(0x2);

  private final int code;

  GroupOrder(int code) {
    this.code = code;
  }

  /** The wire value. */
  public int code() {
    return code;
  }

  /** The order with wire value {@code code}, or null when none is defined. */
  public static GroupOrder fromCode(long code) {
    for (GroupOrder order : values()) {
      if (order.code == code) {
        return order;
      }
    }
    return null;
  }
}
