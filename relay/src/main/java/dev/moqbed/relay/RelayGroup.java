package dev.moqbed.relay;

import dev.moqbed.runtime.Scheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * One relay on several event loops ({@code relay --loops N}): a {@link Relay} per loop, each
 * serving the connections its loop owns, joined in-process. A namespace belongs to the loop whose
 * session published it (a {@link NamespaceDirectory} all loops share says which); a loop whose
 * subscriber asks for a track it does not hold subscribes to the holding loop once per track, as
 * {@code relay --upstream} subscribes to another relay but without encoding anything: each object
 * is handed to the subscribing loop's task queue as the immutable record it is ({@link LoopFeed}),
 * reaches each loop once, and is fanned out there to that loop's subscribers. No lock is taken per
 * object. Limits that bound the whole relay (sessions, sessions and pending setups per address) are
 * counted across loops ({@link RelayShares}); the incomplete-object budget in all is split evenly
 * between the loops (each receives its own publishers' bytes).
 *
 * <p>The link to an upstream relay runs on one loop ({@link Relay#startUpstreamSession} on that
 * loop's relay); the other loops subscribe through it.
 */
public final class RelayGroup {
  private final List<Relay> relays;

  private RelayGroup(List<Relay> relays) {
    this.relays = List.copyOf(relays);
  }

  /**
   * A relay on {@code loops.size()} loops; every relay runs on its loop's scheduler, whose {@code
   * execute} must accept tasks from the other loops' threads.
   *
   * @param observer told of every loop's events, from every loop's thread: it must be thread-safe
   *     when there is more than one loop
   */
  public static RelayGroup create(
      List<? extends Scheduler> loops,
      RelayConfig config,
      RelayEvents events,
      RelayObserver observer) {
    if (loops.isEmpty()) {
      throw new IllegalArgumentException("a relay needs at least one loop");
    }
    RelayConfig perLoop =
        loops.size() == 1
            ? config
            : config.toBuilder()
                .maxReceiveBufferTotal(Math.max(1, config.maxReceiveBufferTotal() / loops.size()))
                .build();
    NamespaceDirectory directory = new NamespaceDirectory();
    RelayShares shares = RelayShares.of(config);
    List<Relay> relays = new ArrayList<>();
    for (int index = 0; index < loops.size(); index++) {
      relays.add(
          new Relay(
              loops.get(index),
              perLoop,
              events,
              observer,
              new LoopLinks(index, directory),
              shares));
    }
    for (Relay home : relays) {
      LoopSource[] sources = new LoopSource[relays.size()];
      for (int index = 0; index < relays.size(); index++) {
        Relay other = relays.get(index);
        if (other != home) {
          sources[index] =
              new LoopSource(
                  home.loops().context(), home.loops().origin(), other.loops(), other.scheduler());
        }
      }
      home.loops().join(sources);
    }
    return new RelayGroup(relays);
  }

  /** The relays, one per loop, in the order of the loops given. */
  public List<Relay> relays() {
    return relays;
  }

  /** The relay of loop {@code index}. */
  public Relay relay(int index) {
    return relays.get(index);
  }

  public int size() {
    return relays.size();
  }
}
