package dev.moqbed.cc;

import dev.moqbed.cc.bbr.BbrProvider;
import dev.moqbed.cc.cubic.CubicProvider;
import dev.moqbed.cc.newreno.NewRenoProvider;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Builds controller factories from specs such as {@code c4}, {@code cubic:flavor=rfc,hystart=off}
 * or {@code bbr:flavor=draft}. Unknown ids and options fail with a one-line message listing the
 * valid ones.
 */
public final class ControllerRegistry {
  private final List<ControllerProvider> providers;

  public ControllerRegistry(List<ControllerProvider> providers) {
    this.providers = List.copyOf(providers);
  }

  /** Every controller of this project. */
  public static ControllerRegistry standard() {
    return new ControllerRegistry(
        List.of(new BbrProvider(), new NewRenoProvider(), new CubicProvider()));
  }

  public List<ControllerProvider> providers() {
    return providers;
  }

  /** The ids in registration order. */
  public List<String> ids() {
    return providers.stream().map(ControllerProvider::id).collect(Collectors.toList());
  }

  /**
   * Parses {@code id[:key=value,...]}.
   *
   * @throws IllegalArgumentException with a one-line message on an unknown id or option
   */
  public ControllerFactory parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException(
          "empty congestion controller; valid: " + String.join(", ", ids()));
    }
    int colon = spec.indexOf(':');
    String id = (colon < 0 ? spec : spec.substring(0, colon)).trim();
    for (ControllerProvider provider : providers) {
      if (provider.id().equals(id)) {
        ControllerOptions options =
            ControllerOptions.parse(id, colon < 0 ? "" : spec.substring(colon + 1));
        ControllerFactory factory = provider.factory(options);
        options.rejectUnread();
        return factory;
      }
    }
    throw new IllegalArgumentException(
        "unknown congestion controller '" + id + "'; valid: " + String.join(", ", ids()));
  }

  /** The canonical spec text for an id and its parsed options. */
  public static String canonicalSpec(String id, ControllerOptions options) {
    String canonical = options.canonical();
    return canonical.isEmpty() ? id : id + ":" + canonical;
  }
}
