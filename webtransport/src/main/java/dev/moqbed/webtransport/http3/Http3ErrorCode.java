package dev.moqbed.webtransport.http3;

/**
 * The application error codes an HTTP/3 connection or stream closes with: RFC 9114 §8.1, QPACK's
 * (RFC 9204 §6), HTTP datagrams' (RFC 9297 §5.2) and WebTransport's (draft-ietf-webtrans-http3).
 * They travel in CONNECTION_CLOSE, RESET_STREAM and STOP_SENDING frames as QUIC varints.
 */
public final class Http3ErrorCode {
  /** No error: a graceful close. */
  public static final long H3_NO_ERROR = 0x100;

  /** A protocol error that no more specific code describes. */
  public static final long H3_GENERAL_PROTOCOL_ERROR = 0x101;

  /** An internal error of this endpoint. */
  public static final long H3_INTERNAL_ERROR = 0x102;

  /** A stream the peer opened is of a kind this endpoint does not accept (or a duplicate). */
  public static final long H3_STREAM_CREATION_ERROR = 0x103;

  /** A stream the connection needs (control, QPACK) was closed or reset. */
  public static final long H3_CLOSED_CRITICAL_STREAM = 0x104;

  /** A frame arrived where it is not allowed (a DATA frame on the control stream...). */
  public static final long H3_FRAME_UNEXPECTED = 0x105;

  /** A frame's layout is wrong: a length that does not match its fields, a truncated frame. */
  public static final long H3_FRAME_ERROR = 0x106;

  /** The peer makes this endpoint hold or do more than its limits allow. */
  public static final long H3_EXCESSIVE_LOAD = 0x107;

  /** A stream or push identifier used wrongly. */
  public static final long H3_ID_ERROR = 0x108;

  /** A SETTINGS frame whose content is wrong (a duplicate, an HTTP/2 identifier...). */
  public static final long H3_SETTINGS_ERROR = 0x109;

  /** The control stream did not begin with SETTINGS. */
  public static final long H3_MISSING_SETTINGS = 0x10a;

  /** The server refused a request before processing any of it. */
  public static final long H3_REQUEST_REJECTED = 0x10b;

  /** A request or its response is no longer wanted. */
  public static final long H3_REQUEST_CANCELLED = 0x10c;

  /** A request stream ended before the request was complete. */
  public static final long H3_REQUEST_INCOMPLETE = 0x10d;

  /** A malformed HTTP message. */
  public static final long H3_MESSAGE_ERROR = 0x10e;

  /** The TCP connection behind a (classic) CONNECT request failed. */
  public static final long H3_CONNECT_ERROR = 0x10f;

  /** The request should be retried over HTTP/1.1. */
  public static final long H3_VERSION_FALLBACK = 0x110;

  /** A field section the QPACK decoder cannot decode (here: any dynamic-table reference). */
  public static final long QPACK_DECOMPRESSION_FAILED = 0x200;

  /** An instruction on the peer's QPACK encoder stream this decoder cannot follow. */
  public static final long QPACK_ENCODER_STREAM_ERROR = 0x201;

  /** An instruction on the peer's QPACK decoder stream this encoder cannot follow. */
  public static final long QPACK_DECODER_STREAM_ERROR = 0x202;

  /** A malformed HTTP datagram or capsule (RFC 9297 §5.2). */
  public static final long H3_DATAGRAM_ERROR = 0x33;

  /** A stream was rejected because its WebTransport session is gone or never existed. */
  public static final long WEBTRANSPORT_SESSION_GONE = 0x170d7b68;

  /** A stream for a session not yet established was rejected: too many are already buffered. */
  public static final long WEBTRANSPORT_BUFFERED_STREAM_REJECTED = 0x3994bd84;

  private Http3ErrorCode() {}

  /** The code's name for messages and logs, or its hexadecimal value when it has none here. */
  public static String name(long code) {
    return switch ((int) Math.min(code, Integer.MAX_VALUE)) {
      case 0x100 -> "H3_NO_ERROR";
      case 0x101 -> "H3_GENERAL_PROTOCOL_ERROR";
      case 0x102 -> "H3_INTERNAL_ERROR";
      case 0x103 -> "H3_STREAM_CREATION_ERROR";
      case 0x104 -> "H3_CLOSED_CRITICAL_STREAM";
      case 0x105 -> "H3_FRAME_UNEXPECTED";
      case 0x106 -> "H3_FRAME_ERROR";
      case 0x107 -> "H3_EXCESSIVE_LOAD";
      case 0x108 -> "H3_ID_ERROR";
      case 0x109 -> "H3_SETTINGS_ERROR";
      case 0x10a -> "H3_MISSING_SETTINGS";
      case 0x10b -> "H3_REQUEST_REJECTED";
      case 0x10c -> "H3_REQUEST_CANCELLED";
      case 0x10d -> "H3_REQUEST_INCOMPLETE";
      case 0x10e -> "H3_MESSAGE_ERROR";
      case 0x10f -> "H3_CONNECT_ERROR";
      case 0x110 -> "H3_VERSION_FALLBACK";
      case 0x200 -> "QPACK_DECOMPRESSION_FAILED";
      case 0x201 -> "QPACK_ENCODER_STREAM_ERROR";
      case 0x202 -> "QPACK_DECODER_STREAM_ERROR";
      case 0x33 -> "H3_DATAGRAM_ERROR";
      case 0x170d7b68 -> "WEBTRANSPORT_SESSION_GONE";
      case 0x3994bd84 -> "WEBTRANSPORT_BUFFERED_STREAM_REJECTED";
      default -> "0x" + Long.toHexString(code);
    };
  }
}
