package dev.moqbed.app;

/** Help text the live commands share. */
final class LiveHelp {
  private LiveHelp() {}

  static final String CONTROLLERS =
      "Controllers on real QUIC: with --transport quiche, quiche's own inside Netty's QUIC codec:"
          + " quiche:cubic (default), quiche:bbr (quiche's BBRv2 port), quiche:reno; with"
          + " --transport moqbed, the project's QUIC stack runs the simulator's controllers live:"
          + " c4 (default), bbr, cubic, newreno, with their options.";

  static final String CC_OPTION =
      "Congestion controller of the QUIC endpoints this command runs (their sending side). With"
          + " --transport quiche: quiche:cubic (default), quiche:bbr or quiche:reno; with"
          + " --transport moqbed: the project's controllers as in 'sim bulk' (c4 (default),"
          + " c4:variant=v4, bbr, bbr:flavor=draft, cubic, cubic:flavor=rfc, newreno).";

  static final String TRANSPORT_OPTION =
      "QUIC stack: quiche (Netty's QUIC codec, quiche's controllers; default) or moqbed (the"
          + " project's own QUIC v1 stack, TLS 1.3, every controller of the simulator).";
}
