package dev.moqbed.webtransport.qpack;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * QPACK's static table (RFC 9204 Appendix A): 99 field lines, indexed 0 to 98, that an encoder
 * refers to by index instead of sending their bytes. Looked up by index when decoding and by name,
 * or name and value, when encoding.
 */
public final class QpackStaticTable {
  /** The number of entries. */
  public static final int SIZE = 99;

  private static final List<HeaderField> ENTRIES =
      List.of(
          field(":authority", ""),
          field(":path", "/"),
          field("age", "0"),
          field("content-disposition", ""),
          field("content-length", "0"),
          field("cookie", ""),
          field("date", ""),
          field("etag", ""),
          field("if-modified-since", ""),
          field("if-none-match", ""),
          field("last-modified", ""),
          field("link", ""),
          field("location", ""),
          field("referer", ""),
          field("set-cookie", ""),
          field(":method", "CONNECT"),
          field(":method", "DELETE"),
          field(":method", "GET"),
          field(":method", "HEAD"),
          field(":method", "OPTIONS"),
          field(":method", "POST"),
          field(":method", "PUT"),
          field(":scheme", "http"),
          field(":scheme", "https"),
          field(":status", "103"),
          field(":status", "200"),
          field(":status", "304"),
          field(":status", "404"),
          field(":status", "503"),
          field("accept", "*/*"),
          field("accept", "application/dns-message"),
          field("accept-encoding", "gzip, deflate, br"),
          field("accept-ranges", "bytes"),
          field("access-control-allow-headers", "cache-control"),
          field("access-control-allow-headers", "content-type"),
          field("access-control-allow-origin", "*"),
          field("cache-control", "max-age=0"),
          field("cache-control", "max-age=2592000"),
          field("cache-control", "max-age=604800"),
          field("cache-control", "no-cache"),
          field("cache-control", "no-store"),
          field("cache-control", "public, max-age=31536000"),
          field("content-encoding", "br"),
          field("content-encoding", "gzip"),
          field("content-type", "application/dns-message"),
          field("content-type", "application/javascript"),
          field("content-type", "application/json"),
          field("content-type", "application/x-www-form-urlencoded"),
          field("content-type", "image/gif"),
          field("content-type", "image/jpeg"),
          field("content-type", "image/png"),
          field("content-type", "text/css"),
          field("content-type", "text/html; charset=utf-8"),
          field("content-type", "text/plain"),
          field("content-type", "text/plain;charset=utf-8"),
          field("range", "bytes=0-"),
          field("strict-transport-security", "max-age=31536000"),
          field("strict-transport-security", "max-age=31536000; includesubdomains"),
          field("strict-transport-security", "max-age=31536000; includesubdomains; preload"),
          field("vary", "accept-encoding"),
          field("vary", "origin"),
          field("x-content-type-options", "nosniff"),
          field("x-xss-protection", "1; mode=block"),
          field(":status", "100"),
          field(":status", "204"),
          field(":status", "206"),
          field(":status", "302"),
          field(":status", "400"),
          field(":status", "403"),
          field(":status", "421"),
          field(":status", "425"),
          field(":status", "500"),
          field("accept-language", ""),
          field("access-control-allow-credentials", "FALSE"),
          field("access-control-allow-credentials", "TRUE"),
          field("access-control-allow-headers", "*"),
          field("access-control-allow-methods", "get"),
          field("access-control-allow-methods", "get, post, options"),
          field("access-control-allow-methods", "options"),
          field("access-control-expose-headers", "content-length"),
          field("access-control-request-headers", "content-type"),
          field("access-control-request-method", "get"),
          field("access-control-request-method", "post"),
          field("alt-svc", "clear"),
          field("authorization", ""),
          field("content-security-policy", "script-src 'none'; object-src 'none'; base-uri 'none'"),
          field("early-data", "1"),
          field("expect-ct", ""),
          field("forwarded", ""),
          field("if-range", ""),
          field("origin", ""),
          field("purpose", "prefetch"),
          field("server", ""),
          field("timing-allow-origin", "*"),
          field("upgrade-insecure-requests", "1"),
          field("user-agent", ""),
          field("x-forwarded-for", ""),
          field("x-frame-options", "deny"),
          field("x-frame-options", "sameorigin"));

  private static final Map<HeaderField, Integer> BY_LINE = new HashMap<>();
  private static final Map<String, Integer> BY_NAME = new HashMap<>();

  static {
    for (int index = 0; index < ENTRIES.size(); index++) {
      BY_LINE.putIfAbsent(ENTRIES.get(index), index);
      // The first index of a name, so the same name always encodes the same way.
      BY_NAME.putIfAbsent(ENTRIES.get(index).name(), index);
    }
  }

  private QpackStaticTable() {}

  /** The entry at {@code index}, or null when the index is past the table. */
  public static HeaderField entry(long index) {
    return index >= 0 && index < SIZE ? ENTRIES.get((int) index) : null;
  }

  /** The index of the entry with this name and value, or -1. */
  public static int indexOf(HeaderField field) {
    return BY_LINE.getOrDefault(field, -1);
  }

  /** The index of the first entry with this name, or -1. */
  public static int indexOfName(String name) {
    return BY_NAME.getOrDefault(name, -1);
  }

  private static HeaderField field(String name, String value) {
    return new HeaderField(name, value);
  }
}
