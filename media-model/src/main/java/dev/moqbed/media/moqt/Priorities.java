package dev.moqbed.media.moqt;

/** The priority-number rule shared by subscriber and publisher priorities. */
final class Priorities {
  private Priorities() {}

  /** Throws unless {@code priority} is a priority number, 0..255. */
  static void require(int priority, String name) {
    if (priority < 0 || priority > 255) {
      throw new IllegalArgumentException(name + " must be 0..255: " + priority);
    }
  }
}
