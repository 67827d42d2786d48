package dev.moqbed.media.spec;

/**
 * Malformed quicperf scenario text. The message is one line naming the position (1-based character)
 * and the offending token, e.g. {@code position 14 ('x250'): expected a frame count after 'n'}.
 */
public final class MediaSpecException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int position;
  private final String token;

  MediaSpecException(int position, String token, String problem) {
    super(
        "media spec: position "
            + position
            + (token.isEmpty() ? " (end of text)" : " ('" + token + "')")
            + ": "
            + problem);
    this.position = position;
    this.token = token;
  }

  /** The 1-based character position of the problem. */
  public int position() {
    return position;
  }

  /** The token at that position, up to the next ':' or ';'; empty at the end of the text. */
  public String token() {
    return token;
  }
}
