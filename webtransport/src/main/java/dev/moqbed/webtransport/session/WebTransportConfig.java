package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3FrameLimits;
import java.util.Objects;

/**
 * The limits and choices of one HTTP/3 + WebTransport endpoint. Every limit bounds what a peer can
 * make this endpoint hold or do; a peer that goes past one is refused with the HTTP/3 code the
 * documentation of each limit names. Built with {@link #builder()}, which checks each value where
 * it is set.
 *
 * @param path the path a server accepts sessions on ({@code /moq}); another path is answered 404
 * @param maxSessions sessions at once on one connection (a server answers 429 past it)
 * @param maxIncomingStreamsPerSession streams the peer may have open in one session at once; one
 *     more is refused with H3_REQUEST_REJECTED
 * @param maxCapsuleBytes the largest capsule on a CONNECT stream (H3_EXCESSIVE_LOAD past it)
 * @param maxFieldSectionBytes the largest decoded header section, advertised in
 *     SETTINGS_MAX_FIELD_SECTION_SIZE (H3_EXCESSIVE_LOAD past it)
 * @param frameLimits the largest HEADERS, SETTINGS and DATA frames read
 * @param maxBufferedStreams streams held for sessions not established yet (one more:
 *     WEBTRANSPORT_BUFFERED_STREAM_REJECTED)
 * @param maxBufferedBytesPerStream bytes held per such stream (past it: the stream is refused)
 */
public record WebTransportConfig(
    String path,
    int maxSessions,
    int maxIncomingStreamsPerSession,
    int maxCapsuleBytes,
    int maxFieldSectionBytes,
    Http3FrameLimits frameLimits,
    int maxBufferedStreams,
    int maxBufferedBytesPerStream) {
  public WebTransportConfig {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(frameLimits, "frameLimits");
  }

  /** A builder with the defaults: path {@code /moq}, 1 session, 1000 streams per session. */
  public static Builder builder() {
    return new Builder();
  }

  /** Sets each value, checking it at once. */
  public static final class Builder {
    private String path = "/moq";
    private int maxSessions = 1;
    private int maxIncomingStreamsPerSession = 1000;
    private int maxCapsuleBytes = 65_536;
    private int maxFieldSectionBytes = 16_384;
    private Http3FrameLimits frameLimits = Http3FrameLimits.DEFAULT;
    private int maxBufferedStreams = 16;
    private int maxBufferedBytesPerStream = 65_536;

    private Builder() {}

    /** The path sessions are accepted on; must start with '/'. */
    public Builder path(String value) {
      if (value == null || !value.startsWith("/")) {
        throw new IllegalArgumentException("path must start with '/': " + value);
      }
      path = value;
      return this;
    }

    /** Sessions at once on one connection, at least 1. */
    public Builder maxSessions(int value) {
      maxSessions = positive("maxSessions", value);
      return this;
    }

    /** Streams the peer may hold open in one session, at least 1. */
    public Builder maxIncomingStreamsPerSession(int value) {
      maxIncomingStreamsPerSession = positive("maxIncomingStreamsPerSession", value);
      return this;
    }

    /** The largest capsule read, at least 1028 bytes (a close capsule with a full reason). */
    public Builder maxCapsuleBytes(int value) {
      if (value < 1028) {
        throw new IllegalArgumentException("maxCapsuleBytes below 1028: " + value);
      }
      maxCapsuleBytes = value;
      return this;
    }

    /** The largest decoded header section, at least 1. */
    public Builder maxFieldSectionBytes(int value) {
      maxFieldSectionBytes = positive("maxFieldSectionBytes", value);
      return this;
    }

    /** The largest frames read. */
    public Builder frameLimits(Http3FrameLimits value) {
      frameLimits = Objects.requireNonNull(value, "frameLimits");
      return this;
    }

    /** Streams held for sessions not yet established, 0 to refuse them all. */
    public Builder maxBufferedStreams(int value) {
      if (value < 0) {
        throw new IllegalArgumentException("maxBufferedStreams below 0: " + value);
      }
      maxBufferedStreams = value;
      return this;
    }

    /** Bytes held per stream waiting for its session, at least 1. */
    public Builder maxBufferedBytesPerStream(int value) {
      maxBufferedBytesPerStream = positive("maxBufferedBytesPerStream", value);
      return this;
    }

    /** The configuration. */
    public WebTransportConfig build() {
      return new WebTransportConfig(
          path,
          maxSessions,
          maxIncomingStreamsPerSession,
          maxCapsuleBytes,
          maxFieldSectionBytes,
          frameLimits,
          maxBufferedStreams,
          maxBufferedBytesPerStream);
    }

    private static int positive(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be at least 1: " + value);
      }
      return value;
    }
  }
}
