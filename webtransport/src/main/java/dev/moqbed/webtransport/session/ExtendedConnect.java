package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.qpack.HeaderField;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A server's answer to a request that may open a WebTransport session: an extended CONNECT (RFC
 * 9220 §3) with {@code :protocol webtransport}, {@code :scheme https}, an authority and the path
 * sessions are served on. The answer is a status: 200 to accept, 400 for a malformed request or one
 * that is not a WebTransport CONNECT, 404 for another path, 405 for another method, 429 when the
 * connection holds its maximum of sessions.
 *
 * @param status the response status
 * @param authority the request's {@code :authority}, or "" when refused before it was read
 * @param path the request's {@code :path}, or ""
 * @param origin the request's {@code origin} header (browsers send it), or ""
 */
record ExtendedConnect(int status, String authority, String path, String origin) {
  private static final Set<String> REQUEST_PSEUDO_HEADERS =
      Set.of(":method", ":scheme", ":authority", ":path", ":protocol");

  /** Fields HTTP/3 forbids in a message (RFC 9114 §4.2): they belong to HTTP/1.1 connections. */
  private static final Set<String> CONNECTION_FIELDS =
      Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade");

  /** True when the session may open. */
  boolean accepted() {
    return status == 200;
  }

  /**
   * Evaluates a request.
   *
   * @param fields the decoded request header section
   * @param servedPath the path sessions are served on; a query after it is allowed
   * @param webTransportNegotiated whether the client's SETTINGS offered a draft this server speaks
   * @param sessionsFull whether the connection already holds its maximum of sessions
   */
  static ExtendedConnect evaluate(
      List<HeaderField> fields,
      String servedPath,
      boolean webTransportNegotiated,
      boolean sessionsFull) {
    Map<String, String> pseudo = pseudoHeaders(fields);
    if (pseudo == null || !pseudo.containsKey(":method")) {
      return refused(400);
    }
    if (!pseudo.get(":method").equals("CONNECT")) {
      return refused(405);
    }
    String authority = pseudo.getOrDefault(":authority", "");
    String path = pseudo.getOrDefault(":path", "");
    if (!"webtransport".equals(pseudo.get(":protocol"))
        || !"https".equals(pseudo.get(":scheme"))
        || authority.isEmpty()
        || path.isEmpty()
        || !webTransportNegotiated) {
      return refused(400);
    }
    String origin = valueOf(fields, "origin");
    if (!withoutQuery(path).equals(servedPath)) {
      return new ExtendedConnect(404, authority, path, origin);
    }
    return new ExtendedConnect(sessionsFull ? 429 : 200, authority, path, origin);
  }

  /**
   * The pseudo-headers of a well-formed request section (RFC 9114 §4.1.2, §4.3.1), or null when it
   * is malformed: an upper-case name, a pseudo-header after a field, repeated or unknown, or a
   * connection-specific field.
   */
  private static Map<String, String> pseudoHeaders(List<HeaderField> fields) {
    Map<String, String> pseudo = new HashMap<>();
    boolean fieldSeen = false;
    for (HeaderField field : fields) {
      String name = field.name();
      if (name.isEmpty() || !name.equals(name.toLowerCase(java.util.Locale.ROOT))) {
        return null;
      }
      if (name.startsWith(":")) {
        if (fieldSeen
            || !REQUEST_PSEUDO_HEADERS.contains(name)
            || pseudo.put(name, field.value()) != null) {
          return null;
        }
      } else {
        fieldSeen = true;
        if (CONNECTION_FIELDS.contains(name)
            || (name.equals("te") && !field.value().equals("trailers"))) {
          return null;
        }
      }
    }
    return pseudo;
  }

  private static String valueOf(List<HeaderField> fields, String name) {
    for (HeaderField field : fields) {
      if (field.name().equals(name)) {
        return field.value();
      }
    }
    return "";
  }

  private static String withoutQuery(String path) {
    int query = path.indexOf('?');
    return query < 0 ? path : path.substring(0, query);
  }

  private static ExtendedConnect refused(int status) {
    return new ExtendedConnect(status, "", "", "");
  }
}
