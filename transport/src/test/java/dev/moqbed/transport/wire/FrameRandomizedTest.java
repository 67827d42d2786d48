package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Property tests with fixed seeds: random packets of random frames decode to what was written, at
 * the computed size; truncated, corrupted and random payloads end in a QuicWireException or a
 * successful parse, never in another exception.
 */
class FrameRandomizedTest {
  private static final int PACKETS = 2_000;

  private static FrameDecoder decoder() {
    return new FrameDecoder().acceptDatagrams(VarInt.MAX).acceptAckFrequency(true);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 9000, 9221, 0x5eed})
  void randomPacketsRoundTrip(long seed) throws QuicWireException {
    RandomFrames frames = new RandomFrames(seed);
    FrameDecoder decoder = decoder();
    ByteBuffer buffer = ByteBuffer.allocate(16_384);
    for (int packet = 0; packet < PACKETS; packet++) {
      buffer.clear();
      List<String> expected = new ArrayList<>();
      int count = 1 + frames.random().nextInt(10);
      for (int i = 0; i < count; i++) {
        RandomFrames.Frame frame = frames.next(i == count - 1);
        int before = buffer.position();
        frame.writer().accept(buffer);
        assertEquals(frame.size(), buffer.position() - before, frame.expected());
        expected.add(frame.expected());
      }
      RecordingFrameHandler handler = new RecordingFrameHandler();
      decoder.decode(buffer, 0, buffer.position(), PacketType.ONE_RTT, handler);
      assertEquals(expected, handler.events, "seed " + seed + " packet " + packet);
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {2, 12_4, 0xbad})
  void truncatedAndCorruptedPacketsFailCleanly(long seed) {
    RandomFrames frames = new RandomFrames(seed);
    Random random = frames.random();
    FrameDecoder decoder = decoder();
    ByteBuffer buffer = ByteBuffer.allocate(16_384);
    for (int packet = 0; packet < PACKETS; packet++) {
      buffer.clear();
      int count = 1 + random.nextInt(6);
      for (int i = 0; i < count; i++) {
        frames.next(i == count - 1).writer().accept(buffer);
      }
      int length = buffer.position();
      // a truncated copy and a copy with a few bytes changed
      decodeOrReject(decoder, buffer, random.nextInt(length + 1));
      for (int flips = random.nextInt(4); flips >= 0; flips--) {
        buffer.put(random.nextInt(length), (byte) random.nextInt());
      }
      decodeOrReject(decoder, buffer, length);
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {3, 42})
  void randomBytesFailCleanly(long seed) {
    Random random = new Random(seed);
    FrameDecoder decoder = decoder();
    ByteBuffer buffer = ByteBuffer.allocate(256);
    for (int i = 0; i < 50_000; i++) {
      int length = random.nextInt(64);
      for (int j = 0; j < length; j++) {
        // mostly small frame types so parsing gets past the first byte
        buffer.put(j, (byte) (random.nextInt(3) == 0 ? random.nextInt(0x20) : random.nextInt()));
      }
      decodeOrReject(decoder, buffer, length);
    }
  }

  /** Either parses or throws QuicWireException; anything else fails the test. */
  private static void decodeOrReject(FrameDecoder decoder, ByteBuffer buffer, int length) {
    try {
      decoder.decode(buffer, 0, length, PacketType.ONE_RTT, new RecordingFrameHandler());
    } catch (QuicWireException expected) {
      // the point of the test: malformed input is reported, not thrown unchecked
    }
  }
}
