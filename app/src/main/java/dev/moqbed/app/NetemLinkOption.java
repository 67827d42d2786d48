package dev.moqbed.app;

import dev.moqbed.netem.LinkSpec;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;

/**
 * The value of {@code --link}: a spec ({@code rate=20mbit,delay=20ms,...}, see {@link LinkSpec}) or
 * the name of a draft scenario whose link to emulate ({@code media_wb}: its rate, delay, queue,
 * jitter and schedule, from the scenario's c4 spec file, as the simulator runs it).
 */
final class NetemLinkOption {
  private NetemLinkOption() {}

  /** What {@code text} names, with a one-line error when it is neither a spec nor a scenario. */
  static LinkSchedule resolve(String text) {
    if (text != null && !text.isBlank() && !text.contains("=")) {
      ScenarioCatalog catalog = ScenarioCatalog.standard();
      try {
        return catalog
            .resolve(text.strip(), ScenarioCatalog.FALLBACK_ALGORITHM)
            .spec()
            .linkSchedule();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--link '"
                + text
                + "' is neither key=value pairs (e.g. rate=20mbit,delay=20ms) nor a"
                + " scenario: "
                + e.getMessage());
      }
    }
    return LinkSpec.parse(text).schedule();
  }
}
