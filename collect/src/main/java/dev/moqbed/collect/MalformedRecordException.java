package dev.moqbed.collect;

import java.io.IOException;

/** A sender broke the record stream; the message is one line for the collector's log. */
final class MalformedRecordException extends IOException {
  MalformedRecordException(String message) {
    super(message);
  }
}
