package dev.moqbed.netsim;

import java.util.List;

/**
 * The phases a link goes through (picoquic_ns's {@code vary_link_spec} array). Phase 0 applies at
 * the start; each phase lasts its duration, after which the next applies to both directions at the
 * same instant; after the last phase the schedule wraps around to phase 0. A single-phase schedule
 * never changes, whatever its duration.
 */
public final class LinkSchedule {
  private final List<LinkPhase> phases;

  private LinkSchedule(List<LinkPhase> phases) {
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("a link schedule needs at least one phase");
    }
    this.phases = List.copyOf(phases);
    if (this.phases.size() > 1 && cycleIsInstantaneous(this.phases)) {
      // the reference would apply such phases forever without time advancing
      throw new IllegalArgumentException(
          "the phases of a multi-phase link schedule must not all last 0 us");
    }
  }

  private static boolean cycleIsInstantaneous(List<LinkPhase> phases) {
    for (LinkPhase phase : phases) {
      if (phase.durationMicros() > 0) {
        return false;
      }
    }
    return true;
  }

  /** A schedule of the given phases, in order. */
  public static LinkSchedule of(List<LinkPhase> phases) {
    return new LinkSchedule(phases);
  }

  /** A schedule of the given phases, in order. */
  public static LinkSchedule of(LinkPhase... phases) {
    return new LinkSchedule(List.of(phases));
  }

  /** One phase, forever: the link of a spec with no {@code link_scenario}. */
  public static LinkSchedule constant(LinkPhase phase) {
    return new LinkSchedule(List.of(phase.withDurationMicros(LinkPhase.FOREVER)));
  }

  /**
   * A spec file's {@code link_scenario} value: a built-in name ({@link LinkScenario}) applied to
   * {@code base}, or custom phase text (see {@link LinkScheduleParser}), which ignores {@code base}
   * as the reference does.
   *
   * @throws IllegalArgumentException with a one-line message naming the position of the error
   */
  public static LinkSchedule parse(String text, LinkPhase base) {
    LinkScenario scenario = LinkScenario.byName(text);
    if (scenario != null) {
      return scenario.schedule(base);
    }
    return LinkScheduleParser.parse(text);
  }

  public List<LinkPhase> phases() {
    return phases;
  }

  public int size() {
    return phases.size();
  }

  public LinkPhase phase(int index) {
    return phases.get(index);
  }

  /**
   * The phase in force at {@code elapsedMicros} after the start (wrap-around included); for tests
   * and reports: the network itself steps through phases by events.
   */
  public int phaseIndexAt(long elapsedMicros) {
    if (phases.size() < 2) {
      return 0;
    }
    long remaining = elapsedMicros;
    long start = 0;
    int index = 0;
    while (true) {
      long duration = phases.get(index).durationMicros();
      if (duration >= LinkPhase.FOREVER - start || remaining < start + duration) {
        return index;
      }
      start += duration;
      index++;
      if (index == phases.size()) {
        // a full cycle has passed (its length is positive, checked at construction)
        remaining %= start;
        start = 0;
        index = 0;
      }
    }
  }

  @Override
  public String toString() {
    return "LinkSchedule" + phases;
  }
}
