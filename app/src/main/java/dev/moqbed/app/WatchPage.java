package dev.moqbed.app;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the browser page subscribes to and how, as its query string (docs/webtransport.md, "The
 * browser page"): {@code moqbed watch} and the live runs' Chromium receiver open the same page.
 *
 * @param relay the relay's WebTransport URL, {@code https://HOST:PORT/PATH}
 * @param certificateSha256 hex SHA-256 the page pins, or empty for the browser's own trust
 * @param lateMicros a droppable track's deadline (the page takes whole ms; 0 = never)
 * @param durationMicros how long the page stays (whole seconds; 0 = until the broadcast ends)
 */
record WatchPage(
    String relay,
    String certificateSha256,
    String namespace,
    List<String> tracks,
    long lateMicros,
    List<String> droppable,
    long durationMicros,
    long clockOffsetMicros) {

  WatchPage {
    if (lateMicros > 0 && lateMicros < 1000) {
      throw new IllegalArgumentException(
          "the browser page's deadline is in whole ms: --late must be 0 or at least 1ms");
    }
  }

  /** The query of {@code index.html}, reporting to the serving origin. */
  String query() {
    return "relay="
        + encode(relay)
        + "&hash="
        + certificateSha256
        + "&namespace="
        + encode(namespace)
        + "&tracks="
        + encode(String.join(",", tracks))
        + "&late="
        + lateMicros / 1000
        + "&droppable="
        + encode(String.join(",", droppable))
        + "&duration="
        + durationMicros / 1_000_000
        + "&clockOffset="
        + clockOffsetMicros
        + "&report=1";
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
