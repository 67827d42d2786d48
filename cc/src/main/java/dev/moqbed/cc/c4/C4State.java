package dev.moqbed.cc.c4;

/** The six states of C4, with the names used in traces. */
public enum C4State {
  /** Startup: Reno-like window growth, pacing at twice the nominal rate. */
  INITIAL("initial"),
  /** Freeze for one era at 15/16 (or 7/8) of the nominal rate, then judge the last probe. */
  RECOVERY("recovery"),
  /** Send at the nominal rate and learn the max RTT. */
  CRUISING("cruising"),
  /** One era at 17/16 (or 33/32) of the nominal rate. */
  PROBING("probing"),
  /** BBR-like push at 1256/1024 of the nominal rate while the delivery rate keeps growing. */
  PUSHING("pushing"),
  /** Careful resume: window and pacing pinned to the remembered values for two eras. */
  RESUMING("resuming");

  private final String traceName;

  C4State(String traceName) {
    this.traceName = traceName;
  }

  /** The lower-case name used in traces. */
  public String traceName() {
    return traceName;
  }
}
