package dev.moqbed.transport.qlog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Where a {@link ConnectionQlog} puts its records, one JSON text at a time: a {@link Writer} in the
 * simulator (a write that fails fails the run), or a host's own buffer that may drop records rather
 * than block the thread that runs the connection.
 */
public interface QlogSink {
  /** JSON-SEQ's record separator (RFC 7464). */
  char RECORD_SEPARATOR = 0x1e;

  /**
   * One record: the sink frames it as JSON-SEQ (separator before, line feed after). The text is the
   * caller's reused buffer: copy it before returning.
   */
  void record(CharSequence json);

  /** No more records. */
  void close();

  /** Records written to {@code out}; a failing write throws {@link UncheckedIOException}. */
  static QlogSink of(Writer out) {
    return new QlogSink() {
      @Override
      public void record(CharSequence json) {
        try {
          out.write(RECORD_SEPARATOR);
          out.append(json);
          out.write('\n');
        } catch (IOException e) {
          throw new UncheckedIOException("qlog: " + e.getMessage(), e);
        }
      }

      @Override
      public void close() {
        try {
          out.close();
        } catch (IOException e) {
          throw new UncheckedIOException("qlog: " + e.getMessage(), e);
        }
      }
    };
  }
}
