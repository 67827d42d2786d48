package dev.moqbed.cc.cubic;

/**
 * picoquic's {@code cubic_root}: a power-of-two bracket, then three Newton steps. It is exact to
 * about 10⁻⁶ for arguments above 6 and off by up to 0.3 % near 1, so K (and hence the window) only
 * matches picoquic bit for bit when this approximation is used instead of {@link Math#cbrt}.
 */
final class PicoquicCubeRoot {
  private static final int NEWTON_STEPS = 3;

  private PicoquicCubeRoot() {}

  /** The approximate cube root of {@code x}; 0 for {@code x <= 0}, which picoquic never passes. */
  static double of(double x) {
    if (!(x > 0)) {
      return 0;
    }
    double cube = 1;
    double root = 1;
    while (cube > x * 8) {
      cube /= 8;
      root /= 2;
    }
    while (cube < x) {
      cube *= 8;
      root *= 2;
    }
    for (int i = 0; i < NEWTON_STEPS; i++) {
      double square = root * root;
      root += (x - square * root) / (3.0 * square);
    }
    return root;
  }
}
