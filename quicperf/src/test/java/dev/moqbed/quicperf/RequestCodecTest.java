package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.ByteSlice;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The request bytes: quicperf's 8-byte batch header and 16-byte media header. */
class RequestCodecTest {

  @Test
  void shouldWriteTheMediaHeaderAsTheReference() {
    ByteSlice header = MediaRequest.header(false, 6250, 6, 30, 30, 62_500);

    byte[] expected = {
      (byte) 0xff,
      (byte) 0xff,
      (byte) 0xff,
      (byte) 0xfe, // stream media mark
      0,
      0,
      0x18,
      0x6a, // 6250
      6,
      30, // priority, frames per second
      0,
      0,
      30, // frames
      0,
      (byte) 0xf4,
      0x24 // 62,500
    };
    assertArrayEquals(expected, header.toArray());
    assertEquals((byte) 0xfd, MediaRequest.header(true, 80, 2, 50, 250, 80).get(3));
  }

  @Test
  void shouldReadBackWhatTheClientWroteWhateverTheChunks() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 200; trial++) {
      boolean datagram = random.nextBoolean();
      long frameSize = random.nextLong(1, 0xFFFF_FFFFL);
      int priority = random.nextInt(256);
      int rate = random.nextInt(1, 256);
      long frames = random.nextLong(0, 0xFF_FFFF);
      long first = random.nextLong(0, 0xFF_FFFF);
      byte[] bytes =
          MediaRequest.header(datagram, frameSize, priority, rate, frames, first).toArray();
      RequestReader reader = new RequestReader();
      int offset = 0;
      while (offset < bytes.length) {
        int length = Math.min(bytes.length - offset, random.nextInt(1, 6));
        reader.accept(offset, length, new ByteSlice(bytes, offset, length));
        offset += length;
      }
      assertTrue(reader.isComplete());
      assertTrue(reader.isMedia());
      assertEquals(datagram, reader.isDatagram());
      assertEquals(frameSize, reader.frameSizeBytes());
      assertEquals(priority, reader.priority());
      assertEquals(rate, reader.framesPerSecond());
      assertEquals(frames, reader.frameCount());
      assertEquals(first, reader.firstFrameSizeBytes());
    }
  }

  @Test
  void shouldReadABatchRequestAfterEightBytesAndIgnoreItsFiller() {
    RequestReader reader = new RequestReader();
    reader.accept(0, 8, BatchRequest.header(30_000_000));
    assertTrue(reader.isComplete());
    reader.accept(8, 389, null);
    assertFalse(reader.isMedia());
    assertEquals(30_000_000, reader.responseBytes());
  }

  @Test
  void shouldReadTheUnlimitedMarkAsBatch() {
    RequestReader reader = new RequestReader();
    reader.accept(0, 8, BatchRequest.header(-1));
    assertTrue(reader.isComplete());
    assertFalse(reader.isMedia());
    assertEquals(-1, reader.responseBytes());
  }

  @Test
  void shouldWaitForTheWholeHeader() {
    RequestReader reader = new RequestReader();
    byte[] bytes = MediaRequest.header(false, 1000, 4, 30, 30, 5000).toArray();
    reader.accept(0, 12, new ByteSlice(bytes, 0, 12));
    assertTrue(reader.isMedia());
    assertFalse(reader.isComplete());
  }
}
