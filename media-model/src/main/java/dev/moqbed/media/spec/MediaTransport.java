package dev.moqbed.media.spec;

/** How a media flow travels. */
public enum MediaTransport {
  /** One QUIC stream per group of frames (quicperf's {@code s}). */
  STREAM,
  /** One QUIC DATAGRAM per frame (quicperf's {@code d}). */
  DATAGRAM
}
