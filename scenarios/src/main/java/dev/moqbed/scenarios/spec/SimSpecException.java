package dev.moqbed.scenarios.spec;

/**
 * A picoquic_ns spec file that cannot be used: an unknown key, a bad or missing value, a missing
 * required key, or a file that cannot be read. The message is one line that names the file and,
 * when the problem is on one line, the line number, e.g. {@code spec alone.txt line 7: unknown key
 * 'foo'}. It is an {@link IllegalArgumentException}, so the command line reports it as bad input
 * (exit code 2).
 */
public final class SimSpecException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String sourceName;
  private final int lineNumber;

  SimSpecException(String sourceName, int lineNumber, String problem) {
    super("spec " + sourceName + (lineNumber > 0 ? " line " + lineNumber : "") + ": " + problem);
    this.sourceName = sourceName;
    this.lineNumber = lineNumber;
  }

  /** The file name (or other label) the text came from. */
  public String sourceName() {
    return sourceName;
  }

  /** The 1-based line of the problem; 0 when it concerns the whole file. */
  public int lineNumber() {
    return lineNumber;
  }
}
