package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.Consumer;

/** Random frames with what a decoder must report for them, for the property tests. */
final class RandomFrames {
  /** One frame: its size, how to write it, the event RecordingFrameHandler should log. */
  record Frame(int size, Consumer<ByteBuffer> writer, String expected, boolean endsPacket) {}

  private final Random random;

  RandomFrames(long seed) {
    this.random = new Random(seed);
  }

  Random random() {
    return random;
  }

  /** A varint value whose size is spread over 1, 2, 4 and 8 bytes. */
  long varint() {
    return random.nextLong() >>> (2 + random.nextInt(62));
  }

  private byte[] data(int maxLength) {
    byte[] data = new byte[random.nextInt(maxLength + 1)];
    random.nextBytes(data);
    return data;
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  /** A random frame allowed in 1-RTT; {@code last} permits the forms without a Length field. */
  Frame next(boolean last) {
    switch (random.nextInt(20)) {
      case 0:
        return new Frame(1, FrameWriter::writePing, "PING", false);
      case 1:
        return ack();
      case 2:
        {
          long id = varint();
          long error = varint();
          long size = varint();
          return new Frame(
              FrameWriter.resetStreamSize(id, error, size),
              b -> FrameWriter.writeResetStream(b, id, error, size),
              "RESET_STREAM " + id + " error=" + error + " final=" + size,
              false);
        }
      case 3:
        {
          long id = varint();
          long error = varint();
          return new Frame(
              FrameWriter.stopSendingSize(id, error),
              b -> FrameWriter.writeStopSending(b, id, error),
              "STOP_SENDING " + id + " error=" + error,
              false);
        }
      case 4:
        {
          byte[] data = data(300);
          long offset = random.nextInt(3) == 0 ? 0 : varint() / 2;
          return new Frame(
              FrameWriter.cryptoSize(offset, data.length),
              b -> FrameWriter.writeCrypto(b, offset, ByteBuffer.wrap(data)),
              "CRYPTO offset=" + offset + " data=" + hex(data),
              false);
        }
      case 5:
        {
          byte[] token = data(60);
          byte[] nonEmpty = token.length == 0 ? new byte[] {7} : token;
          return new Frame(
              FrameWriter.newTokenSize(nonEmpty.length),
              b -> FrameWriter.writeNewToken(b, ByteBuffer.wrap(nonEmpty)),
              "NEW_TOKEN " + hex(nonEmpty),
              false);
        }
      case 6:
        return stream(last);
      case 7:
        {
          long max = varint();
          return new Frame(
              FrameWriter.singleValueSize(max),
              b -> FrameWriter.writeMaxData(b, max),
              "MAX_DATA " + max,
              false);
        }
      case 8:
        {
          long id = varint();
          long max = varint();
          boolean blocked = random.nextBoolean();
          return new Frame(
              FrameWriter.streamValueSize(id, max),
              blocked
                  ? b -> FrameWriter.writeStreamDataBlocked(b, id, max)
                  : b -> FrameWriter.writeMaxStreamData(b, id, max),
              (blocked ? "STREAM_DATA_BLOCKED " : "MAX_STREAM_DATA ") + id + " " + max,
              false);
        }
      case 9:
        {
          long max = varint() >>> 2;
          boolean bidi = random.nextBoolean();
          boolean blocked = random.nextBoolean();
          return new Frame(
              FrameWriter.singleValueSize(max),
              blocked
                  ? b -> FrameWriter.writeStreamsBlocked(b, bidi, max)
                  : b -> FrameWriter.writeMaxStreams(b, bidi, max),
              (blocked ? "STREAMS_BLOCKED " : "MAX_STREAMS ") + (bidi ? "bidi " : "uni ") + max,
              false);
        }
      case 10:
        {
          long max = varint();
          return new Frame(
              FrameWriter.singleValueSize(max),
              b -> FrameWriter.writeDataBlocked(b, max),
              "DATA_BLOCKED " + max,
              false);
        }
      case 11:
        {
          long sequence = varint();
          long retire = sequence == 0 ? 0 : Math.floorMod(random.nextLong(), sequence + 1);
          byte[] cid = new byte[1 + random.nextInt(20)];
          random.nextBytes(cid);
          byte[] token = new byte[16];
          random.nextBytes(token);
          return new Frame(
              FrameWriter.newConnectionIdSize(sequence, retire, cid.length),
              b ->
                  FrameWriter.writeNewConnectionId(
                      b, sequence, retire, ConnectionId.of(cid), StatelessResetToken.of(token)),
              "NEW_CONNECTION_ID "
                  + sequence
                  + " retire<"
                  + retire
                  + " cid="
                  + hex(cid)
                  + " token="
                  + hex(token),
              false);
        }
      case 12:
        {
          long sequence = varint();
          return new Frame(
              FrameWriter.singleValueSize(sequence),
              b -> FrameWriter.writeRetireConnectionId(b, sequence),
              "RETIRE_CONNECTION_ID " + sequence,
              false);
        }
      case 13:
        {
          long data = random.nextLong();
          boolean response = random.nextBoolean();
          return new Frame(
              FrameWriter.PATH_FRAME_SIZE,
              response
                  ? b -> FrameWriter.writePathResponse(b, data)
                  : b -> FrameWriter.writePathChallenge(b, data),
              (response ? "PATH_RESPONSE " : "PATH_CHALLENGE ") + Long.toHexString(data),
              false);
        }
      case 14:
        {
          long error = varint();
          long frameType = varint();
          byte[] reason = data(40);
          return new Frame(
              FrameWriter.transportCloseSize(error, frameType, reason.length),
              b -> FrameWriter.writeTransportClose(b, error, frameType, reason),
              "CONNECTION_CLOSE "
                  + TransportErrorCode.describe(error)
                  + " frame=0x"
                  + Long.toHexString(frameType)
                  + " reason="
                  + hex(reason),
              false);
        }
      case 15:
        {
          long error = varint();
          byte[] reason = data(40);
          return new Frame(
              FrameWriter.applicationCloseSize(error, reason.length),
              b -> FrameWriter.writeApplicationClose(b, error, reason),
              "APPLICATION_CLOSE " + error + " reason=" + hex(reason),
              false);
        }
      case 16:
        return new Frame(1, FrameWriter::writeHandshakeDone, "HANDSHAKE_DONE", false);
      case 17:
        {
          byte[] data = data(200);
          boolean withLength = !last || random.nextBoolean();
          return new Frame(
              FrameWriter.datagramSize(data.length, withLength),
              b -> FrameWriter.writeDatagram(b, ByteBuffer.wrap(data), withLength),
              "DATAGRAM " + hex(data),
              !withLength);
        }
      case 18:
        {
          long sequence = varint();
          long threshold = varint();
          long delay = varint();
          long reordering = varint();
          return new Frame(
              FrameWriter.ackFrequencySize(sequence, threshold, delay, reordering),
              b -> FrameWriter.writeAckFrequency(b, sequence, threshold, delay, reordering),
              "ACK_FREQUENCY "
                  + sequence
                  + " threshold="
                  + threshold
                  + " delay="
                  + delay
                  + "us reordering="
                  + reordering,
              false);
        }
      default:
        return new Frame(1, FrameWriter::writeImmediateAck, "IMMEDIATE_ACK", false);
    }
  }

  private Frame ack() {
    AckFrameContent ack = new AckFrameContent();
    long largest = varint();
    int ranges = 1 + random.nextInt(8);
    long top = largest;
    for (int i = 0; i < ranges && top >= 0; i++) {
      long smallest = Math.max(0, top - (random.nextLong() >>> (40 + random.nextInt(24))));
      ack.addRange(smallest, top);
      top = smallest - 2 - (random.nextLong() >>> (40 + random.nextInt(24)));
    }
    ack.ackDelay(varint());
    if (random.nextBoolean()) {
      ack.ecnCounts(varint(), varint(), varint());
    }
    return new Frame(
        FrameWriter.ackSize(ack), b -> FrameWriter.writeAck(b, ack), ack.toString(), false);
  }

  private Frame stream(boolean last) {
    long id = varint();
    long offset = random.nextInt(3) == 0 ? 0 : varint() / 2;
    byte[] data = data(300);
    boolean withLength = !last || random.nextBoolean();
    boolean fin = random.nextBoolean();
    return new Frame(
        FrameWriter.streamSize(id, offset, data.length, withLength),
        b -> FrameWriter.writeStream(b, id, offset, ByteBuffer.wrap(data), withLength, fin),
        "STREAM " + id + " offset=" + offset + " fin=" + fin + " data=" + hex(data),
        !withLength);
  }
}
