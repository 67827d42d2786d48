package dev.moqbed.cc;

/** Why a packet was declared lost. */
public enum LossTrigger {
  /** Found while processing an ACK: packet threshold or time threshold (picoquic's "repeat"). */
  ACK_THRESHOLD,
  /** Declared because the probe timer fired (picoquic's "timeout"). */
  TIMER
}
