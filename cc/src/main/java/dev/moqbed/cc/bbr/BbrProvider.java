package dev.moqbed.cc.bbr;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerOptions;
import dev.moqbed.cc.ControllerProvider;
import dev.moqbed.cc.ControllerRegistry;

/**
 * Registers {@code bbr}: {@code flavor=picoquic} (default) is picoquic's {@code bbr.c}, {@code
 * flavor=draft} is BBRv3 per draft-ietf-ccwg-bbr-06.
 */
public final class BbrProvider implements ControllerProvider {
  public static final String FLAVOR_PICOQUIC = "picoquic";
  public static final String FLAVOR_DRAFT = "draft";

  @Override
  public String id() {
    return PicoquicBbrController.ID;
  }

  @Override
  public String description() {
    return "BBR: picoquic's BBRv3 with its extensions (flavor=picoquic, default) or"
        + " draft-ietf-ccwg-bbr-06 (flavor=draft)";
  }

  @Override
  public ControllerFactory factory(ControllerOptions options) {
    String flavor = options.choice("flavor", FLAVOR_PICOQUIC, FLAVOR_DRAFT);
    String spec = ControllerRegistry.canonicalSpec(id(), options);
    boolean draft = FLAVOR_DRAFT.equals(flavor);
    return new ControllerFactory() {
      @Override
      public String spec() {
        return spec;
      }

      @Override
      public CongestionController create(ControllerEnvironment environment) {
        return draft ? new DraftBbrController(environment) : new PicoquicBbrController(environment);
      }
    };
  }
}
