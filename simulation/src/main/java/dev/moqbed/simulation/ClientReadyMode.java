package dev.moqbed.simulation;

import dev.moqbed.transport.quic.ConnectionConfig;
import java.util.Locale;

/**
 * When a simulated client counts its handshake as confirmed (docs/transport/connection.md, "the
 * client's ready transition"; docs/results/wifi-tails-2026-12-07.md §5). Both are allowed by RFC
 * 9001 §4.1.2; they differ in what the client's controller hears at that moment, and so in its
 * first rate samples.
 */
public enum ClientReadyMode {
  /**
   * On HANDSHAKE_DONE, as RFC 9001 §4.1.2 names it: moqbed's default until 2026-12-07, and what a
   * sweep.json without {@code client_ready} was run with.
   */
  HANDSHAKE_DONE(false),
  /**
   * As picoquic f00feeb7: at the first acknowledged 1-RTT packet, inside the ACK frame, with the
   * Initial and Handshake packets that leave the flight notified to the controller as implicitly
   * acknowledged. Only with picoquic's recovery flavour (the simulator's). The default: the
   * reference's behaviour, and with it the suite at the largest run counts has no cell off
   * (docs/results/cells-100runs-2026-12-07.md §6).
   */
  PICOQUIC(true);

  /** What runs use unless told otherwise: picoquic's. */
  public static final ClientReadyMode DEFAULT = PICOQUIC;

  private final boolean insideAck;

  ClientReadyMode(boolean insideAck) {
    this.insideAck = insideAck;
  }

  /** Sets this mode on {@code config}. */
  public ConnectionConfig.Builder apply(ConnectionConfig.Builder config) {
    return config.readyInsideAck(insideAck).implicitAckNotified(insideAck);
  }

  /** The name in sweep.json: {@code handshake_done} or {@code picoquic}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode called {@code label}.
   *
   * @throws IllegalArgumentException naming the valid labels
   */
  public static ClientReadyMode ofLabel(String label) {
    for (ClientReadyMode mode : values()) {
      if (mode.label().equals(label)) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "client ready mode '" + label + "': expected handshake_done or picoquic");
  }
}
