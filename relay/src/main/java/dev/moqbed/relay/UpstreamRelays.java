package dev.moqbed.relay;

import dev.moqbed.media.moqt.TrackNamespace;
import java.util.ArrayList;
import java.util.List;

/**
 * The relays this relay connected to as a client (its upstreams, {@code relay --upstream}): where a
 * SUBSCRIBE goes when no publisher announced its namespace here. The relay then subscribes to the
 * upstream exactly as it would to a local publisher, once per track whatever the number of its own
 * subscribers, and forwards what comes back to them. The first upstream that is connected is used
 * for every namespace (one upstream today; the namespace parameter is where a routing table would
 * go). Relays must not be configured in a cycle: nothing detects a SUBSCRIBE coming back.
 */
final class UpstreamRelays {
  // The publishing sides of those connections, in the order they were opened.
  private final List<UpstreamSide> relays = new ArrayList<>();

  void add(UpstreamSide relay) {
    relays.add(relay);
  }

  void remove(UpstreamSide relay) {
    relays.remove(relay);
  }

  /** The upstream to ask for {@code namespace}, or null when none is connected. */
  UpstreamSide route(TrackNamespace namespace) {
    for (UpstreamSide relay : relays) {
      if (relay.isReady()) {
        return relay;
      }
    }
    return null;
  }
}
