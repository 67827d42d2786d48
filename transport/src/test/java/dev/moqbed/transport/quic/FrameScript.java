package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.AckFrame;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A fuzzer's bytes read as packets of frames a hostile client might send after the handshake: each
 * packet a count byte (0–15 frames), each frame a kind byte and its fields as QUIC varints. Every
 * byte string reads as some script (missing fields are 0), so the fuzzer explores frame sequences
 * rather than the wire codec, which its own targets cover. {@link Writer} makes the seed scripts of
 * the corpus.
 */
final class FrameScript {
  /** At most this many packets per script: enough for every attack the corpus holds. */
  static final int MAX_PACKETS = 64;

  private static final int MAX_STREAM_BYTES = 64;
  private static final int KINDS = 20;

  private final ByteBuffer input;

  private FrameScript(byte[] bytes) {
    this.input = ByteBuffer.wrap(bytes);
  }

  /** The packets {@code bytes} describe. */
  static List<List<Frame>> read(byte[] bytes) {
    FrameScript script = new FrameScript(bytes);
    List<List<Frame>> packets = new ArrayList<>();
    while (script.input.hasRemaining() && packets.size() < MAX_PACKETS) {
      int count = script.input.get() & 0x0f;
      List<Frame> frames = new ArrayList<>();
      for (int i = 0; i < count && script.input.hasRemaining(); i++) {
        frames.add(script.frame());
      }
      if (!frames.isEmpty()) {
        packets.add(frames);
      }
    }
    return packets;
  }

  private Frame frame() {
    int kind = Math.floorMod(input.get(), KINDS);
    return switch (kind) {
      case 0 -> new Frame.Ping();
      case 1 -> new Frame.Padding(1 + (int) (varint() % 1200));
      case 2 -> ack();
      case 3 -> stream();
      case 4 -> new Frame.ResetStream(varint(), varint(), varint());
      case 5 -> new Frame.StopSending(varint(), varint());
      case 6 -> new Frame.MaxData(varint());
      case 7 -> new Frame.MaxStreamData(varint(), varint());
      case 8 -> new Frame.MaxStreams((varint() & 1) == 0, varint());
      case 9 -> new Frame.DataBlocked(varint());
      case 10 -> new Frame.StreamDataBlocked(varint(), varint());
      case 11 -> new Frame.StreamsBlocked((varint() & 1) == 0, varint());
      case 12 -> new Frame.NewConnectionId(varint(), varint());
      case 13 -> new Frame.PathChallenge(varint());
      case 14 -> new Frame.PathResponse(varint());
      case 15 -> new Frame.ConnectionClose(varint(), (varint() & 1) == 0);
      case 16 -> new Frame.HandshakeDone();
      case 17 -> crypto();
      case 18 -> new Frame.AckFrequency(varint(), varint(), varint());
      default -> new Frame.Datagram(new UnreadMessage(1 + (int) (varint() % 1200)));
    };
  }

  /** One or two ranges below a largest acknowledged that may be anything. */
  private Frame ack() {
    long largest = varint() % 1_000_000;
    long first = varint() % (largest + 1);
    long smallest = largest - first;
    long gap = varint();
    if (smallest >= gap + 2) {
      long secondLargest = smallest - gap - 2;
      long secondSmallest = secondLargest - varint() % (secondLargest + 1);
      return new Frame.Ack(
          AckFrame.of(varint(), 3, smallest, largest, secondSmallest, secondLargest), null);
    }
    return new Frame.Ack(AckFrame.of(varint(), 3, smallest, largest), null);
  }

  private Frame stream() {
    long id = varint();
    long offset = varint();
    int length = (int) (varint() % (MAX_STREAM_BYTES + 1));
    boolean fin = (varint() & 1) == 1;
    return new Frame.Stream(id, offset, length, fin, true, ByteSlice.of(new byte[length]));
  }

  private Frame crypto() {
    long offset = varint();
    int length = (int) (varint() % (MAX_STREAM_BYTES + 1));
    return new Frame.Crypto(offset, length, ByteSlice.of(new byte[length]));
  }

  /** A QUIC varint (RFC 9000 §16), 0 where the input ends. */
  private long varint() {
    if (!input.hasRemaining()) {
      return 0;
    }
    int first = input.get() & 0xff;
    int length = 1 << (first >>> 6);
    long value = first & 0x3f;
    for (int i = 1; i < length && input.hasRemaining(); i++) {
      value = (value << 8) | (input.get() & 0xff);
    }
    return value;
  }

  /** Writes scripts: the seeds of the corpus. */
  static final class Writer {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Starts a packet of {@code frames} frames (at most 15). */
    Writer packet(int frames) {
      out.write(frames);
      return this;
    }

    /** A frame of {@code kind} (as {@link #read} numbers them) and its fields. */
    Writer frame(int kind, long... fields) {
      out.write(kind);
      for (long field : fields) {
        writeVarint(field);
      }
      return this;
    }

    byte[] bytes() {
      return out.toByteArray();
    }

    private void writeVarint(long value) {
      if (value < 0x40) {
        out.write((int) value);
      } else if (value < 0x4000) {
        out.write((int) (0x40 | value >>> 8));
        out.write((int) value);
      } else if (value < 0x4000_0000) {
        for (int shift = 24; shift >= 0; shift -= 8) {
          out.write((int) ((shift == 24 ? 0x80 | value >>> 24 : value >>> shift) & 0xff));
        }
      } else {
        for (int shift = 56; shift >= 0; shift -= 8) {
          out.write((int) ((shift == 56 ? 0xc0 | value >>> 56 : value >>> shift) & 0xff));
        }
      }
    }
  }
}
