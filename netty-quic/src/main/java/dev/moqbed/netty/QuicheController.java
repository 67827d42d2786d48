package dev.moqbed.netty;

import io.netty.handler.codec.quic.QuicCongestionControlAlgorithm;
import java.util.Locale;

/**
 * The congestion controllers available on real QUIC: quiche's own, chosen by name. Netty's QUIC
 * codec takes no controller written in Java, so the project's controllers (c4, bbr, cubic, newreno)
 * run only on the transport model in virtual time.
 */
public enum QuicheController {
  /** quiche's CUBIC (RFC 8312bis, HyStart++ on). */
  CUBIC("quiche:cubic", QuicCongestionControlAlgorithm.CUBIC),
  /** quiche's BBR: its port of Google's BBRv2 ("gcongestion") in quiche 0.29. */
  BBR("quiche:bbr", QuicCongestionControlAlgorithm.BBR),
  /** quiche's NewReno. */
  RENO("quiche:reno", QuicCongestionControlAlgorithm.RENO);

  /** The ids the command line accepts, for messages and help. */
  public static final String IDS = "quiche:cubic, quiche:bbr, quiche:reno";

  private final String id;
  private final QuicCongestionControlAlgorithm algorithm;

  QuicheController(String id, QuicCongestionControlAlgorithm algorithm) {
    this.id = id;
    this.algorithm = algorithm;
  }

  public String id() {
    return id;
  }

  QuicCongestionControlAlgorithm algorithm() {
    return algorithm;
  }

  /**
   * The controller called {@code id}.
   *
   * @throws IllegalArgumentException for any other id, saying where the project's own controllers
   *     run
   */
  public static QuicheController parse(String given) {
    String id = given.trim().toLowerCase(Locale.ROOT); // case-insensitive, as the model's ids
    for (QuicheController controller : values()) {
      if (controller.id.equals(id)) {
        return controller;
      }
    }
    String bare = id.contains(":") ? id.substring(0, id.indexOf(':')) : id;
    if (bare.equals("c4") || bare.equals("bbr") || bare.equals("cubic") || bare.equals("newreno")) {
      throw new IllegalArgumentException(
          "controller '"
              + given
              + "' is the project's own: run it live with --transport moqbed; on quiche use "
              + IDS);
    }
    throw new IllegalArgumentException(
        "unknown controller '" + given + "'; on real QUIC use " + IDS);
  }
}
