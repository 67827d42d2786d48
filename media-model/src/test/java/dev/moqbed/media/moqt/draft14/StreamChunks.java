package dev.moqbed.media.moqt.draft14;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Splits a fuzz input into the chunks a stream decoder is fed. The first byte chooses the chunking,
 * the rest is the stream: 0 feeds the stream whole, n > 0 cuts it into pieces of 0 to n bytes drawn
 * from a generator seeded with n. So a seed file is one chunking byte followed by a valid stream,
 * and the fuzzer mutates the chunking and the bytes alike.
 */
final class StreamChunks {
  private StreamChunks() {}

  static List<ByteBuffer> of(byte[] input) {
    List<ByteBuffer> chunks = new ArrayList<>();
    if (input.length == 0) {
      return chunks;
    }
    int maxChunk = input[0] & 0xFF;
    int at = 1;
    if (maxChunk == 0) {
      chunks.add(ByteBuffer.wrap(input, at, input.length - at));
      return chunks;
    }
    SplittableRandom sizes = new SplittableRandom(maxChunk);
    while (at < input.length) {
      int size = Math.min(input.length - at, sizes.nextInt(maxChunk + 1));
      chunks.add(ByteBuffer.wrap(input, at, size));
      at += size;
    }
    return chunks;
  }

  /** A seed: the chunking byte, then the stream. */
  static byte[] seed(int maxChunk, byte[] stream) {
    byte[] input = new byte[stream.length + 1];
    input[0] = (byte) maxChunk;
    System.arraycopy(stream, 0, input, 1, stream.length);
    return input;
  }
}
