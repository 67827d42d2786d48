package dev.moqbed.cc.c4;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerOptions;
import dev.moqbed.cc.ControllerProvider;
import dev.moqbed.cc.ControllerRegistry;

/**
 * Registers C4 as {@code c4}. Option {@code variant=v5-short-rtt|v5|v4}: {@code v5-short-rtt} (the
 * default, as in picoquic) is the draft-5 code without trimming or draining below 1 ms of RTT,
 * {@code v5} the draft-5 code the reference runs used, {@code v4} the draft-04 code.
 */
public final class C4Provider implements ControllerProvider {
  static final String VARIANT_OPTION = "variant";

  @Override
  public String id() {
    return C4Controller.ID;
  }

  @Override
  public String description() {
    return "C4 (Christian's Congestion Control Code) from picoquic c4.c;"
        + " variant=v5-short-rtt (draft-5, no trim or drain below 1 ms RTT; default),"
        + " v5 (draft-5 as the reference runs) or v4 (draft-04)";
  }

  @Override
  public ControllerFactory factory(ControllerOptions options) {
    C4Variant variant =
        C4Variant.fromOptionValue(options.choice(VARIANT_OPTION, C4Variant.optionValues()));
    String spec = ControllerRegistry.canonicalSpec(id(), options);
    return new Factory(spec, variant);
  }

  private static final class Factory implements ControllerFactory {
    private final String spec;
    private final C4Variant variant;

    Factory(String spec, C4Variant variant) {
      this.spec = spec;
      this.variant = variant;
    }

    @Override
    public String spec() {
      return spec;
    }

    @Override
    public CongestionController create(ControllerEnvironment environment) {
      return new C4Controller(environment.path(), variant);
    }
  }
}
