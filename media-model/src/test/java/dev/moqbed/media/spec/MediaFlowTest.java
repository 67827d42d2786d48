package dev.moqbed.media.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MediaFlowTest {
  private final MediaSpec mix = MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);

  private MediaFlow flow(String id) {
    return (MediaFlow) mix.item(id).orElseThrow();
  }

  @Test
  void shouldComputeDraftBitratesFromGroupStructure() {
    // vlow: 5 groups of 37,500 + 29 x 3,750 = 146,250 B per second -> 1.17 Mbit/s
    assertEquals(5, flow("vlow").groupCount());
    assertEquals(731_250, flow("vlow").totalBytes());
    assertEquals(5_000_000, flow("vlow").durationMicros());
    assertEquals(1_170_000.0, flow("vlow").meanBitsPerSecond(), 1e-6);
    // vmid: 62,500 + 29 x 6,250 = 243,750 B per second -> 1.95 Mbit/s
    assertEquals(1_950_000.0, flow("vmid").meanBitsPerSecond(), 1e-6);
    // a1: 250 x 80 B over 5 s -> 32 kbit/s
    assertEquals(20_000, flow("a1").totalBytes());
    assertEquals(32_000.0, flow("a1").meanBitsPerSecond(), 1e-6);
  }

  @Test
  void shouldCountPartialLastGroup() {
    MediaFlow flow = (MediaFlow) MediaSpec.parse("=v:s30:n45:100:G30:I1000").items().get(0);
    assertEquals(2, flow.groupCount());
    assertEquals(2 * 1000 + 43 * 100, flow.totalBytes());
  }

  @Test
  void shouldTreatFlowWithoutGroupSizeAsOneGroup() {
    MediaFlow flow = (MediaFlow) MediaSpec.parse("=v:s30:n45:100:I1000").items().get(0);
    assertEquals(1, flow.groupCount());
    assertEquals(1000 + 44 * 100, flow.totalBytes());
  }
}
