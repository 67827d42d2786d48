package dev.moqbed.relay.auth;

/** What a token lets its holder do under its namespace prefix. */
public enum TokenRole {
  /** PUBLISH_NAMESPACE (ANNOUNCE) of a namespace under the prefix. */
  PUBLISH(1, "publish"),
  /** SUBSCRIBE to tracks of a namespace under the prefix. */
  SUBSCRIBE(2, "subscribe");

  private final int code;
  private final String label;

  TokenRole(int code, String label) {
    this.code = code;
    this.label = label;
  }

  /** The byte in the signed token. */
  int code() {
    return code;
  }

  /** The name on the command line, in logs and metrics. */
  public String label() {
    return label;
  }

  /** The role of a code, or null for an unknown one. */
  static TokenRole ofCode(int code) {
    for (TokenRole role : values()) {
      if (role.code == code) {
        return role;
      }
    }
    return null;
  }

  /** The role named {@code label}; a one-line error for anything else. */
  public static TokenRole ofLabel(String label) {
    for (TokenRole role : values()) {
      if (role.label.equals(label)) {
        return role;
      }
    }
    throw new IllegalArgumentException(
        "unknown role '" + label + "': expected publish or subscribe");
  }
}
