package dev.moqbed.cc.cubic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PicoquicCubeRootTest {

  @Test
  void shouldBeExactWhenArgumentIsAPowerOfEight() {
    assertEquals(2.0, PicoquicCubeRoot.of(8), 0.0);
    assertEquals(4.0, PicoquicCubeRoot.of(64), 0.0);
  }

  @Test
  void shouldMatchPicoquicThreeNewtonStepsRatherThanTrueCubeRoot() {
    // Values of picoquic's cubic_root in IEEE double arithmetic. K for W_max = 240 packets (x = 75)
    // is 0.66 % above the true cube root: copying the approximation matters.
    assertEquals(3.0000834553024767, PicoquicCubeRoot.of(27), 0.0);
    assertEquals(4.245004570453739, PicoquicCubeRoot.of(75), 0.0);
    assertEquals(1.1479049782665625, PicoquicCubeRoot.of(1.5), 0.0);
    assertEquals(4.217163326508746, Math.cbrt(75), 1e-15);
  }

  @Test
  void shouldReturnZeroWhenArgumentIsNotPositive() {
    assertEquals(0.0, PicoquicCubeRoot.of(0), 0.0);
    assertEquals(0.0, PicoquicCubeRoot.of(-1), 0.0);
  }
}
