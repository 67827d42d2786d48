package dev.moqbed.transport.quic;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.StateVisitor;

/**
 * A controller for tests that watch what the transport notifies: a window and pacing large enough
 * never to hold a handshake back, so that a subclass records notifications without steering.
 */
abstract class FixedWindowController implements CongestionController {
  @Override
  public String id() {
    return "recording";
  }

  @Override
  public long congestionWindowBytes() {
    return 100_000;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return 10_000_000;
  }

  @Override
  public long pacingQuantumBytes() {
    return 10_000;
  }

  @Override
  public boolean inSlowStart() {
    return true;
  }

  @Override
  public void describe(StateVisitor visitor) {}
}
