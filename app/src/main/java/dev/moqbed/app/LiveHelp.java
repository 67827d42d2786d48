package dev.moqbed.app;

/** Help text the live commands share. */
final class LiveHelp {
  private LiveHelp() {}

  static final String CONTROLLERS =
      "Controllers on real QUIC are quiche's own, inside Netty's QUIC codec: quiche:cubic"
          + " (default), quiche:bbr (quiche's BBRv2 port), quiche:reno. The project's controllers"
          + " (c4, bbr, cubic, newreno) run only on the transport model in virtual time"
          + " ('moqbed sim ...').";

  static final String CC_OPTION =
      "Congestion controller of the QUIC endpoints this command runs (their sending side):"
          + " quiche:cubic, quiche:bbr or quiche:reno (default ${DEFAULT-VALUE}).";
}
