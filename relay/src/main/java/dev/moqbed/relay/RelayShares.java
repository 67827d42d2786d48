package dev.moqbed.relay;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The limits all event loops of one relay count together, so that {@code --loops N} does not
 * multiply them: the open sessions ({@link RelayConfig#maxSessions()}), the set-up sessions per
 * address ({@link AddressSessions}) and the connections per address awaiting their setup ({@link
 * SetupGate}). Touched when a session opens, finishes its setup or closes, never per object, so
 * atomics and short synchronized sections cost nothing that matters; on a relay of one loop they
 * are uncontended.
 *
 * @param sessions open sessions of every loop
 * @param addressSessions set-up sessions per address, of every loop (its methods synchronize)
 * @param pendingSetups connections awaiting their setup per address; synchronize on it
 */
record RelayShares(
    AtomicInteger sessions, AddressSessions addressSessions, Map<String, Integer> pendingSetups) {
  static RelayShares of(RelayConfig config) {
    return new RelayShares(
        new AtomicInteger(), new AddressSessions(config.maxSessionsPerAddress()), new HashMap<>());
  }
}
