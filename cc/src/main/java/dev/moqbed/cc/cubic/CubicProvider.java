package dev.moqbed.cc.cubic;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerOptions;
import dev.moqbed.cc.ControllerProvider;
import dev.moqbed.cc.ControllerRegistry;

/**
 * Registers {@code cubic}; options {@code flavor=picoquic|rfc} (default picoquic) and {@code
 * hystart=on|off} (default on). With the picoquic flavour {@code hystart=off} disables picoquic's
 * RTT-rise slow-start exit; with the RFC flavour it replaces HyStart++ by plain slow start.
 */
public final class CubicProvider implements ControllerProvider {

  /** The registry id. */
  public static final String ID = "cubic";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Cubic: picoquic's cubic.c (default) or RFC 9438 with RFC 9406 HyStart++ (flavor=rfc)";
  }

  @Override
  public ControllerFactory factory(ControllerOptions options) {
    boolean rfc = options.choice("flavor", "picoquic", "rfc").equals("rfc");
    boolean hystart = options.flag("hystart", true);
    String spec = ControllerRegistry.canonicalSpec(ID, options);
    return new ControllerFactory() {
      @Override
      public String spec() {
        return spec;
      }

      @Override
      public CongestionController create(ControllerEnvironment environment) {
        return rfc ? new RfcCubic(environment, hystart) : new PicoquicCubic(environment, hystart);
      }
    };
  }
}
