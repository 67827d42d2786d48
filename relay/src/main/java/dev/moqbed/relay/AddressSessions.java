package dev.moqbed.relay;

import java.util.HashMap;
import java.util.Map;

/**
 * The set-up sessions of each peer address (its IP, whatever the port), so one address cannot hold
 * the relay full: a stranger who finishes the MoQT setup 60 times and then only keeps the
 * connections alive would otherwise hold 60 of the relay's {@link RelayConfig#maxSessions()}.
 * Counted once a session is set up (the {@link SetupGate} covers the time before), released when it
 * closes. Shared by the event loops of a relay ({@link RelayShares}): its methods synchronize.
 */
final class AddressSessions {
  private final int limit;
  private final Map<String, Integer> established = new HashMap<>();

  AddressSessions(int limit) {
    this.limit = limit;
  }

  /**
   * Counts one more session of {@code address}; false (and not counted) when it holds the limit.
   */
  synchronized boolean admit(String address) {
    int held = established.getOrDefault(address, 0);
    if (held >= limit) {
      return false;
    }
    established.put(address, held + 1);
    return true;
  }

  /** A session {@link #admit admitted} for {@code address} closed. */
  synchronized void release(String address) {
    established.computeIfPresent(address, (key, count) -> count > 1 ? count - 1 : null);
  }

  /** The limit per address. */
  int limit() {
    return limit;
  }
}
