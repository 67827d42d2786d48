package dev.moqbed.transport.endpoint;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Server connections whose handshake is in progress, per source address and in all: what a peer
 * that opens connections and never completes them makes the endpoint hold.
 */
final class HandshakeSlots {
  private final Map<InetAddress, Integer> bySource = new HashMap<>();
  private int total;

  /** True when {@code source} holds {@code limit} slots already. */
  boolean full(InetAddress source, int limit) {
    return bySource.getOrDefault(source, 0) >= limit;
  }

  void take(InetAddress source) {
    bySource.merge(source, 1, Integer::sum);
    total++;
  }

  /** Frees one slot of {@code source}; nothing when it holds none. */
  void release(InetAddress source) {
    Integer held = bySource.get(source);
    if (held == null) {
      return;
    }
    if (held > 1) {
      bySource.put(source, held - 1);
    } else {
      bySource.remove(source);
    }
    total--;
  }

  /** Handshakes in progress from every source. */
  int total() {
    return total;
  }
}
