package dev.moqbed.output;

/** Prose for the terminal, broken into lines that fit {@value #WIDTH} columns. */
public final class TerminalText {
  /**
   * The widest line the live commands print (issue 32: lines of 250–490 characters did not fit).
   */
  public static final int WIDTH = 120;

  private TerminalText() {}

  /**
   * {@code text} broken at blanks into lines of at most {@link #WIDTH} characters (a single word
   * longer than that keeps its own line); line breaks already in it are kept.
   */
  public static String wrap(String text) {
    return wrap(text, WIDTH);
  }

  /** {@code text} broken at blanks into lines of at most {@code width} characters. */
  public static String wrap(String text, int width) {
    StringBuilder wrapped = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int l = 0; l < lines.length; l++) {
      if (l > 0) {
        wrapped.append('\n');
      }
      int lineLength = 0;
      for (String word : lines[l].split(" ")) {
        if (lineLength > 0 && lineLength + 1 + word.length() > width) {
          wrapped.append('\n');
          lineLength = 0;
        } else if (lineLength > 0) {
          wrapped.append(' ');
          lineLength++;
        }
        wrapped.append(word);
        lineLength += word.length();
      }
    }
    return wrapped.toString();
  }
}
