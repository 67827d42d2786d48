package dev.moqbed.app;

/** Help text the live commands share. */
final class LiveHelp {
  private LiveHelp() {}

  static final String CONTROLLERS =
      "Controllers on real QUIC: on the project's QUIC stack (--transport moqbed, the default),"
          + " the simulator's controllers live: c4 (default), bbr, cubic, newreno, with their"
          + " options; with --transport quiche, quiche's own inside Netty's QUIC codec:"
          + " quiche:cubic (default), quiche:bbr (quiche's BBRv2 port), quiche:reno.";

  static final String CC_OPTION =
      "Congestion controller of the QUIC endpoints this command runs (their sending side). On"
          + " the project's stack (--transport moqbed): the controllers of 'sim bulk' (c4"
          + " (default), c4:variant=v4, bbr, bbr:flavor=draft, cubic, cubic:flavor=rfc, newreno);"
          + " on quiche: quiche:cubic (its default), quiche:bbr or quiche:reno, which alone also"
          + " select --transport quiche.";

  static final String TRANSPORT_OPTION =
      "QUIC stack: moqbed (the project's own QUIC v1 stack, TLS 1.3, every controller of the"
          + " simulator; default, or quiche when --cc is quiche:*) or quiche (Netty's QUIC codec,"
          + " quiche's controllers).";
}
