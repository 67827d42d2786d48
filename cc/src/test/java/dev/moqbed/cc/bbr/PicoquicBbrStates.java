package dev.moqbed.cc.bbr;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the picoquic BBR checklist tests share: a driver with a fixed seed and the paths that lead
 * the controller into each ProbeBW state.
 */
abstract class PicoquicBbrStates {
  static final long SEED = 42;
  static final long INFINITE = Long.MAX_VALUE;

  final BbrDriver<PicoquicBbrController> driver = BbrDriver.picoquic(SEED);
  final PicoquicBbrController bbr = driver.controller;

  // ------------------------------------------------------------------ paths to a state

  /** Startup with a flat 2 MB/s at 100 ms: three rounds without growth, then Drain and DOWN. */
  void driveToProbeBwDown() {
    driver.ack().rounds(3);
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  void downToCruise() {
    long saved = driver.bytesInFlight;
    driver.bytesInFlight = 150_000;
    driver.ack();
    driver.bytesInFlight = saved;
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
  }

  void cruiseToUp() {
    long saved = driver.stepMicros;
    driver.stepMicros = 400_000;
    driver.ack();
    driver.stepMicros = saved;
    assertEquals(BbrState.PROBE_BW_REFILL, bbr.state());
    driver.round();
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
  }

  void upToDown() {
    long savedStep = driver.stepMicros;
    long savedInflight = driver.bytesInFlight;
    driver.stepMicros = 101_000;
    driver.bytesInFlight = 300_000;
    driver.ack();
    driver.stepMicros = savedStep;
    driver.bytesInFlight = savedInflight;
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  void assertGains(BbrState state, double pacingGain, double cwndGain) {
    assertEquals(state, bbr.state());
    assertEquals(pacingGain, bbr.pacingGain(), 1e-12);
    assertEquals(cwndGain, bbr.cwndGain(), 1e-12);
  }
}
