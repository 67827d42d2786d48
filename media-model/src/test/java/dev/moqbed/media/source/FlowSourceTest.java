package dev.moqbed.media.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowSourceTest {
  private final MediaSpec mix = MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);

  private List<MediaObject> drain(String id, long startMicros) {
    MediaFlow flow = (MediaFlow) mix.item(id).orElseThrow();
    FlowSource source = new FlowSource(flow, new TrackName("live", id), startMicros);
    List<MediaObject> objects = new ArrayList<>();
    long previous = Long.MIN_VALUE;
    while (source.nextCaptureTimeMicros() != Long.MAX_VALUE) {
      long due = source.nextCaptureTimeMicros();
      assertTrue(due >= previous, "capture times never go back");
      MediaObject object = source.capture();
      assertEquals(due, object.captureTimeMicros());
      objects.add(object);
      previous = due;
    }
    assertThrows(IllegalStateException.class, source::capture);
    return objects;
  }

  @Test
  void shouldStartEveryGroupWithAnIFrameAndEndIt() {
    List<MediaObject> vlow = drain("vlow", 1_000);
    assertEquals(150, vlow.size());
    MediaObject first = vlow.get(0);
    assertEquals(
        new MediaObject(
            new TrackName("live", "vlow"), 0, 0, 0, 4, 37_500, 1_000, FrameKind.I, false),
        first);
    MediaObject lastOfGroup = vlow.get(29);
    assertEquals(29, lastOfGroup.objectId());
    assertEquals(3_750, lastOfGroup.sizeBytes());
    assertTrue(lastOfGroup.endOfGroup());
    MediaObject secondGroup = vlow.get(30);
    assertEquals(1, secondGroup.groupId());
    assertEquals(FrameKind.I, secondGroup.kind());
    assertEquals(1_001_000, secondGroup.captureTimeMicros());
    // frame 1 of a group is 1/30 s after its I frame, rounded down to 33,333 us
    assertEquals(1_034_333, vlow.get(31).captureTimeMicros());
    assertEquals(731_250, vlow.stream().mapToLong(MediaObject::sizeBytes).sum());
  }

  @Test
  void shouldSendAudioEvery20MillisecondsAsOwnGroups() {
    List<MediaObject> audio = drain("a1", 0);
    assertEquals(250, audio.size());
    assertEquals(20_000, audio.get(1).captureTimeMicros());
    assertEquals(4_980_000, audio.get(249).captureTimeMicros());
    assertEquals(249, audio.get(249).groupId());
    assertTrue(audio.stream().allMatch(o -> o.kind() == FrameKind.AUDIO && o.sizeBytes() == 80));
    assertTrue(audio.stream().allMatch(o -> o.publisherPriority() == 2));
  }
}
