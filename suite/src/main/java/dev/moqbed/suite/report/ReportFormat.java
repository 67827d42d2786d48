package dev.moqbed.suite.report;

/** How {@code moqbed report} prints: Markdown tables for people, CSV or JSON for tools. */
public enum ReportFormat {
  /** The draft's tables, with the comparison columns and a summary. */
  MARKDOWN,
  /** One line per cell (scenario, metric, controller), RFC 4180. */
  CSV,
  /** Cells, verdicts and summary as one JSON object. */
  JSON
}
