package dev.moqbed.transport.recovery;

/**
 * Which receiver ACK policy to follow: picoquic's ({@code sacks.c}, {@code frames.c}, with the ACK
 * frequency extension) or the RFC 9000 defaults (section 13.2: every second ack-eliciting packet,
 * max_ack_delay, immediate on reordering).
 */
public enum AckFlavor {
  PICOQUIC,
  RFC9000
}
