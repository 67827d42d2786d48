package dev.moqbed.cc.bbr;

/** What the ACKs being received say about bandwidth probing (the draft's {@code ack_phase}). */
enum AckPhase {
  /** Draft only: not probing, no probe feedback expected. */
  INIT,
  PROBE_STARTING,
  PROBE_STOPPING,
  REFILLING,
  PROBE_FEEDBACK
}
