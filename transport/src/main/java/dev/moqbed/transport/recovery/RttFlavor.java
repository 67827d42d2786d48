package dev.moqbed.transport.recovery;

/**
 * Which RTT estimator and probe-timeout rules to follow: picoquic's {@code timing.c} (what the C4
 * test draft's numbers come from) or RFC 9002 sections 5 and 6.2.
 */
public enum RttFlavor {
  PICOQUIC,
  RFC9002
}
