package dev.moqbed.cc.newreno;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerOptions;
import dev.moqbed.cc.ControllerProvider;
import dev.moqbed.cc.ControllerRegistry;

/** Registers {@code newreno}; option {@code flavor=picoquic|rfc} (default picoquic). */
public final class NewRenoProvider implements ControllerProvider {

  /** The registry id. */
  public static final String ID = "newreno";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "NewReno: picoquic's newreno.c (default) or RFC 9002 section 7 (flavor=rfc)";
  }

  @Override
  public ControllerFactory factory(ControllerOptions options) {
    boolean rfc = options.choice("flavor", "picoquic", "rfc").equals("rfc");
    String spec = ControllerRegistry.canonicalSpec(ID, options);
    return new ControllerFactory() {
      @Override
      public String spec() {
        return spec;
      }

      @Override
      public CongestionController create(ControllerEnvironment environment) {
        return rfc ? new RfcNewReno(environment) : new PicoquicNewReno(environment);
      }
    };
  }
}
