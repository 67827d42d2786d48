package dev.moqbed.live;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.QuicheController;
import dev.moqbed.output.Measure;
import dev.moqbed.output.Table;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/** What the live commands share: addresses, controllers, trust, media, tables. */
public final class LiveSupport {
  /** The only built-in mix name. */
  public static final String DRAFT_MEDIA = "draft-media";

  private LiveSupport() {}

  /** {@code HOST:PORT} (IPv6 as {@code [::1]:4443}) to an address, resolving the host. */
  public static InetSocketAddress parseAddress(String text) {
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new IllegalArgumentException("expected HOST:PORT, got '" + text + "'");
    }
    String host = text.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port;
    try {
      port = Integer.parseInt(text.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad port in '" + text + "'");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port out of range in '" + text + "'");
    }
    try {
      return new InetSocketAddress(InetAddress.getByName(host), port);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("unknown host '" + host + "'");
    }
  }

  /**
   * The name to check the relay's certificate against: the host as typed, or {@code localhost} for
   * a loopback address (the self-signed certificate's name).
   */
  public static String serverName(String relay, InetSocketAddress address) {
    String host = relay.substring(0, relay.lastIndexOf(':')).replace("[", "").replace("]", "");
    return address.getAddress().isLoopbackAddress() ? "localhost" : host;
  }

  /** Transport settings with the controller named on the command line. */
  public static QuicSettings settings(String controller) {
    return QuicSettings.DEFAULT.withController(QuicheController.parse(controller));
  }

  /** The trust a client uses: insecure, a pinned certificate file, or the JDK's authorities. */
  public static ClientTrust trust(boolean insecure, Path relayCertificate) {
    if (insecure) {
      return ClientTrust.insecure();
    }
    if (relayCertificate != null) {
      return ClientTrust.pinnedFile(relayCertificate);
    }
    return ClientTrust.system();
  }

  /** The media from {@code --spec} or {@code --mix}. */
  public static MediaSpec media(String spec, String mix) {
    if (spec != null && mix != null) {
      throw new IllegalArgumentException("give --spec or --mix, not both");
    }
    if (spec != null) {
      return MediaSpec.parse(spec);
    }
    if (mix == null || mix.equals(DRAFT_MEDIA)) {
      return MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);
    }
    throw new IllegalArgumentException("unknown mix '" + mix + "'; valid: " + DRAFT_MEDIA);
  }

  /**
   * Per track and hop, for one subscriber: frames and latency percentiles of each hop, from the
   * relays' arrival stamps (hop 1 = publisher → first relay, the last = last relay → this
   * subscriber). Empty when no relay stamped anything.
   */
  public static Table hopTable(SubscriberReport report) {
    Table table = new Table("track", "hop", "from", "to", "frames", "p50_us", "p99_us", "max_us");
    for (TrackReport track : report.tracks()) {
      int hops = track.hops();
      if (hops < 2) {
        continue;
      }
      for (int hop = 0; hop < hops; hop++) {
        Histogram latency = track.hopLatency(hop);
        table.row(
            track.track(),
            hop + 1,
            hop == 0 ? "publisher" : "relay " + hop,
            hop == hops - 1 ? "subscriber" : "relay " + (hop + 1),
            latency.getTotalCount(),
            Measure.micros(latency.getValueAtPercentile(50)),
            Measure.micros(latency.getValueAtPercentile(99)),
            Measure.micros(latency.getMaxValue()));
      }
    }
    return table;
  }

  /** Per track and frame kind: frames received and latency percentiles, for one subscriber. */
  public static Table subscriberTable(SubscriberReport report) {
    Table table =
        new Table(
            "track",
            "kind",
            "received",
            "p50_us",
            "p90_us",
            "p99_us",
            "max_us",
            "stop_sending",
            "streams_reset");
    for (TrackReport track : report.tracks()) {
      if (track.refusal() != null) {
        table.row(track.track(), "refused", 0, null, null, null, null, null, null);
        continue;
      }
      for (FrameKind kind : FrameKind.values()) {
        if (track.received(kind) == 0) {
          continue;
        }
        Histogram latency = track.latency(kind);
        table.row(
            track.track(),
            kind.name(),
            track.received(kind),
            Measure.micros(latency.getValueAtPercentile(50)),
            Measure.micros(latency.getValueAtPercentile(90)),
            Measure.micros(latency.getValueAtPercentile(99)),
            Measure.micros(latency.getMaxValue()),
            track.stopSendingSent(),
            track.streamsReset());
      }
    }
    return table;
  }
}
