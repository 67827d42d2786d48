package dev.moqbed.output;

/** How a command prints its results: for people, or for tools. */
public enum OutputFormat {
  /** Aligned columns for a terminal. */
  TABLE,
  /** RFC 4180 CSV with a header line. */
  CSV,
  /** A JSON array of objects, one per row. */
  JSON
}
