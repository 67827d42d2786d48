package dev.moqbed.cc.common;

/** The picoquic notification a loss filter is consulted with; its verdict depends on it. */
public enum LossEventKind {
  /** {@code picoquic_congestion_notification_acknowledgement}. */
  ACKNOWLEDGEMENT,
  /** {@code picoquic_congestion_notification_repeat}: a loss found by the ACK thresholds. */
  REPEAT,
  /** {@code picoquic_congestion_notification_timeout}: a loss declared when the PTO fired. */
  TIMEOUT
}
