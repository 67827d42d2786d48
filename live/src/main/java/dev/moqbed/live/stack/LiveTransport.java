package dev.moqbed.live.stack;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which QUIC implementation a live endpoint runs on. */
public enum LiveTransport {
  /** quiche through Netty's QUIC codec: quiche's own Reno, Cubic and BBR only. */
  QUICHE("quiche", "quiche (Netty)"),
  /**
   * The project's QUIC v1 stack on a UDP socket (module transport-udp): TLS 1.3, and every
   * controller of the simulator, C4 first.
   */
  MOQBED("moqbed", "moqbed's QUIC stack");

  private final String id;
  private final String description;

  LiveTransport(String id, String description) {
    this.id = id;
    this.description = description;
  }

  public String id() {
    return id;
  }

  /** For banners: which stack, in words. */
  public String description() {
    return description;
  }

  /**
   * The stack a controller belongs to: {@code quiche:*} to quiche, every other to the project's.
   */
  public static LiveTransport ofController(String controller) {
    return controller.trim().toLowerCase(Locale.ROOT).startsWith("quiche:") ? QUICHE : MOQBED;
  }

  /**
   * The transport called {@code text}, whatever its case.
   *
   * @throws IllegalArgumentException naming the valid ones
   */
  public static LiveTransport parse(String text) {
    String wanted = text.trim().toLowerCase(Locale.ROOT);
    for (LiveTransport transport : values()) {
      if (transport.id.equals(wanted)) {
        return transport;
      }
    }
    throw new IllegalArgumentException(
        "unknown transport '"
            + text
            + "'; valid: "
            + Arrays.stream(values()).map(LiveTransport::id).collect(Collectors.joining(", ")));
  }
}
