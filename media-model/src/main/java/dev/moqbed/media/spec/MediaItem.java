package dev.moqbed.media.spec;

/**
 * One item of a quicperf scenario: either a media flow or a batch transfer. Every item has an id
 * (used in reports and in {@code media_excluded}), may start only when another item completed
 * ({@link #previousId}), and may be repeated in parallel ({@link #repeatCount}).
 */
public sealed interface MediaItem permits MediaFlow, BatchTransfer {

  /** The item's name; empty when the text gave none. */
  String id();

  /** The item this one waits for; empty when it starts with the connection. */
  String previousId();

  /** How many parallel copies run (quicperf's {@code *N}); at least 1. */
  long repeatCount();
}
