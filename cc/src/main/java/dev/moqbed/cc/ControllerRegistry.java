package dev.moqbed.cc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
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

  /**
   * Every controller on the class path: this project's four ({@code c4}, {@code bbr}, {@code
   * cubic}, {@code newreno}, in that order, as {@code
   * META-INF/services/dev.moqbed.cc.ControllerProvider} lists them) and any other a jar registers
   * the same way. Found through {@link ServiceLoader} so that this package does not depend on the
   * controllers' packages, which depend on it.
   */
  public static ControllerRegistry standard() {
    return Standard.REGISTRY;
  }

  /** Loaded once, on first use. */
  private static final class Standard {
    static final ControllerRegistry REGISTRY =
        new ControllerRegistry(
            ServiceLoader.load(ControllerProvider.class, ControllerRegistry.class.getClassLoader())
                .stream()
                .map(ServiceLoader.Provider::get)
                .collect(Collectors.toList()));
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
    // Case-insensitive like every other enumerated option: C4 and c4 are the same controller.
    String id = (colon < 0 ? spec : spec.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
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

  /**
   * Splits a list such as {@code c4,cubic:flavor=rfc,hystart=off,bbr} into controller specs: a
   * piece with '=' but no ':' is another option of the previous controller. Blank pieces are
   * skipped; the specs are not checked here.
   */
  public static List<String> splitSpecs(String list) {
    List<String> specs = new ArrayList<>();
    for (String piece : list.split(",")) {
      String trimmed = piece.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      if (trimmed.contains("=") && !trimmed.contains(":") && !specs.isEmpty()) {
        specs.set(specs.size() - 1, specs.get(specs.size() - 1) + "," + trimmed);
      } else {
        specs.add(trimmed);
      }
    }
    return specs;
  }
}
