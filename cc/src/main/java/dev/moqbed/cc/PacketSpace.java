package dev.moqbed.cc;

/**
 * The QUIC packet-number space an event belongs to (RFC 9000 §12.3).
 *
 * <p>Added for C4: picoquic's C4 drops every notification whose packet space is not the application
 * space, because handshake ACKs and RTT samples gave absurd first rate samples (c4.c, {@code
 * c4_notify}). The other picoquic controllers use every space, so the samples default to {@link
 * #APPLICATION} and a transport that never sets the space loses nothing.
 */
public enum PacketSpace {
  INITIAL,
  HANDSHAKE,
  /** 0-RTT and 1-RTT packets. */
  APPLICATION
}
