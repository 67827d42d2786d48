package dev.moqbed.live.stack;

import dev.moqbed.transport.endpoint.EndpointLimits;

/**
 * When the project's server makes a client prove its address with a Retry before holding anything
 * for it ({@code relay --retry}): a Retry costs an honest client one round trip, and makes a flood
 * of Initials from spoofed addresses cost the server one small packet each and no state.
 */
public enum ServerRetry {
  /** Once 128 handshakes are in progress at once: free in normal use, a bound under a flood. */
  AUTO("auto", EndpointLimits.DEFAULT_RETRY_ABOVE_HANDSHAKES),
  /** Every client, every time. */
  ALWAYS("always", EndpointLimits.RETRY_ALWAYS),
  /** Never: every acceptable Initial makes a connection, within the endpoint's other limits. */
  NEVER("never", EndpointLimits.RETRY_NEVER);

  private final String label;
  private final int aboveHandshakes;

  ServerRetry(String label, int aboveHandshakes) {
    this.label = label;
    this.aboveHandshakes = aboveHandshakes;
  }

  /** The name on the command line. */
  public String label() {
    return label;
  }

  int aboveHandshakes() {
    return aboveHandshakes;
  }

  /** The choice named {@code label}; a one-line error for anything else. */
  public static ServerRetry ofLabel(String label) {
    for (ServerRetry retry : values()) {
      if (retry.label.equals(label)) {
        return retry;
      }
    }
    throw new IllegalArgumentException("--retry '" + label + "': expected auto, always or never");
  }
}
