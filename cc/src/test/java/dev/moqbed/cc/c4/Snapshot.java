package dev.moqbed.cc.c4;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.StateVisitor;

/** Everything a controller describes, as one comparable string (tests only). */
final class Snapshot implements StateVisitor {
  private final StringBuilder text = new StringBuilder();

  static String of(CongestionController controller) {
    Snapshot snapshot = new Snapshot();
    controller.describe(snapshot);
    return snapshot.text.toString();
  }

  @Override
  public void state(String name) {
    text.append("state=").append(name);
  }

  @Override
  public void value(String name, long value) {
    text.append(' ').append(name).append('=').append(value);
  }
}
