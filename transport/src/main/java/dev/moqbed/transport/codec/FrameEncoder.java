package dev.moqbed.transport.codec;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.FrameWriter;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Writes the stack's frames ({@link Frame}) as QUIC v1 frames with {@link FrameWriter}, each in its
 * minimal encoding. Where the stack carries only a length (CRYPTO, STREAM data written as counts,
 * DATAGRAMs whose payload is an object) the bytes are zeros; where it carries bytes ({@link
 * ByteSlice}, {@code byte[]}) they are written as they are.
 *
 * <p>The fields the stack does not hold are fixed here, with the values picoquic sends: the
 * transport CONNECTION_CLOSE names frame type 0 and both closes an empty reason; ACK_FREQUENCY's
 * Reordering Threshold is 1 (frames.c, picoquic_format_ack_frequency_frame, {@code
 * ack_ignore_order_local} off); NEW_CONNECTION_ID retires nothing (Retire Prior To 0) and carries
 * an 8-byte id and a reset token derived from its sequence number (the stack's ids are never used
 * to route).
 *
 * <p>Writes into a heap buffer and allocates nothing per frame once its ids are cached.
 */
final class FrameEncoder {
  /** picoquic's ACK_FREQUENCY Reordering Threshold when out-of-order packets are acknowledged. */
  static final int ACK_FREQUENCY_REORDERING_THRESHOLD = 1;

  /** Length of the connection ids NEW_CONNECTION_ID announces: picoquic's default of 8 bytes. */
  static final int NEW_CONNECTION_ID_LENGTH = 8;

  private final dev.moqbed.transport.wire.AckFrameContent wireAck =
      new dev.moqbed.transport.wire.AckFrameContent();
  private ConnectionId[] announcedIds = new ConnectionId[8];
  private StatelessResetToken[] resetTokens = new StatelessResetToken[8];

  /** Writes {@code frame} at the buffer's position, which must leave room for it. */
  void write(ByteBuffer buffer, Frame frame) {
    if (frame instanceof Frame.Stream stream) {
      writeStream(buffer, stream);
    } else if (frame instanceof Frame.Ack ack) {
      FrameWriter.writeAck(buffer, toWire(ack));
    } else if (frame instanceof Frame.Padding padding) {
      FrameWriter.writePadding(buffer, padding.length());
    } else if (frame instanceof Frame.Crypto crypto) {
      FrameWriter.writeCryptoHeader(buffer, crypto.offset(), crypto.length());
      ByteSlice data = crypto.data();
      if (data == null) {
        writeZeros(buffer, crypto.length());
      } else {
        buffer.put(data.array(), data.offset(), data.length());
      }
    } else if (frame instanceof Frame.Datagram datagram) {
      FrameWriter.writeDatagramHeader(buffer, datagram.length(), true);
      writePayload(buffer, datagram.payload());
    } else if (frame instanceof Frame.Ping) {
      FrameWriter.writePing(buffer);
    } else {
      writeControl(buffer, frame);
    }
  }

  private void writeControl(ByteBuffer buffer, Frame frame) {
    if (frame instanceof Frame.MaxData maxData) {
      FrameWriter.writeMaxData(buffer, maxData.maximum());
    } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
      FrameWriter.writeMaxStreamData(buffer, maxStreamData.streamId(), maxStreamData.maximum());
    } else if (frame instanceof Frame.ResetStream reset) {
      FrameWriter.writeResetStream(buffer, reset.streamId(), reset.errorCode(), reset.finalSize());
    } else if (frame instanceof Frame.StopSending stop) {
      FrameWriter.writeStopSending(buffer, stop.streamId(), stop.errorCode());
    } else if (frame instanceof Frame.DataBlocked blocked) {
      FrameWriter.writeDataBlocked(buffer, blocked.limit());
    } else if (frame instanceof Frame.StreamDataBlocked blocked) {
      FrameWriter.writeStreamDataBlocked(buffer, blocked.streamId(), blocked.limit());
    } else if (frame instanceof Frame.MaxStreams maxStreams) {
      FrameWriter.writeMaxStreams(buffer, maxStreams.bidirectional(), maxStreams.maximum());
    } else if (frame instanceof Frame.StreamsBlocked blocked) {
      FrameWriter.writeStreamsBlocked(buffer, blocked.bidirectional(), blocked.limit());
    } else if (frame instanceof Frame.HandshakeDone) {
      FrameWriter.writeHandshakeDone(buffer);
    } else if (frame instanceof Frame.PathResponse response) {
      FrameWriter.writePathResponse(buffer, response.data());
    } else if (frame instanceof Frame.PathChallenge challenge) {
      FrameWriter.writePathChallenge(buffer, challenge.data());
    } else if (frame instanceof Frame.ConnectionClose close) {
      if (close.application()) {
        FrameWriter.writeApplicationClose(buffer, close.errorCode(), close.reason());
      } else {
        FrameWriter.writeTransportClose(buffer, close.errorCode(), 0, close.reason());
      }
    } else if (frame instanceof Frame.AckFrequency ackFrequency) {
      FrameWriter.writeAckFrequency(
          buffer,
          ackFrequency.sequence(),
          ackFrequency.ackElicitingThreshold(),
          ackFrequency.maxAckDelayMicros(),
          ACK_FREQUENCY_REORDERING_THRESHOLD);
    } else if (frame instanceof Frame.NewConnectionId newId) {
      int sequence = Math.toIntExact(newId.sequence());
      FrameWriter.writeNewConnectionId(
          buffer, sequence, 0, announcedId(sequence), resetToken(sequence));
    } else {
      throw new IllegalArgumentException("no encoding for " + frame);
    }
  }

  /** The encoded size of {@code frame}: what {@link #write} takes. */
  int encodedSize(Frame frame) {
    if (frame instanceof Frame.Stream stream) {
      return FrameWriter.streamSize(
          stream.streamId(), stream.offset(), stream.length(), stream.explicitLength());
    } else if (frame instanceof Frame.Ack ack) {
      return FrameWriter.ackSize(toWire(ack));
    } else if (frame instanceof Frame.Padding padding) {
      return padding.length();
    } else if (frame instanceof Frame.Crypto crypto) {
      return FrameWriter.cryptoSize(crypto.offset(), crypto.length());
    } else if (frame instanceof Frame.Datagram datagram) {
      return FrameWriter.datagramSize(datagram.length(), true);
    } else if (frame instanceof Frame.Ping || frame instanceof Frame.HandshakeDone) {
      return 1;
    } else if (frame instanceof Frame.MaxData maxData) {
      return FrameWriter.singleValueSize(maxData.maximum());
    } else if (frame instanceof Frame.DataBlocked blocked) {
      return FrameWriter.singleValueSize(blocked.limit());
    } else if (frame instanceof Frame.MaxStreams maxStreams) {
      return FrameWriter.singleValueSize(maxStreams.maximum());
    } else if (frame instanceof Frame.StreamsBlocked blocked) {
      return FrameWriter.singleValueSize(blocked.limit());
    } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
      return FrameWriter.streamValueSize(maxStreamData.streamId(), maxStreamData.maximum());
    } else if (frame instanceof Frame.StreamDataBlocked blocked) {
      return FrameWriter.streamValueSize(blocked.streamId(), blocked.limit());
    } else if (frame instanceof Frame.ResetStream reset) {
      return FrameWriter.resetStreamSize(reset.streamId(), reset.errorCode(), reset.finalSize());
    } else if (frame instanceof Frame.StopSending stop) {
      return FrameWriter.stopSendingSize(stop.streamId(), stop.errorCode());
    } else if (frame instanceof Frame.ConnectionClose close) {
      return close.application()
          ? FrameWriter.applicationCloseSize(close.errorCode(), close.reason().length)
          : FrameWriter.transportCloseSize(close.errorCode(), 0, close.reason().length);
    } else if (frame instanceof Frame.AckFrequency ackFrequency) {
      return FrameWriter.ackFrequencySize(
          ackFrequency.sequence(),
          ackFrequency.ackElicitingThreshold(),
          ackFrequency.maxAckDelayMicros(),
          ACK_FREQUENCY_REORDERING_THRESHOLD);
    } else if (frame instanceof Frame.NewConnectionId newId) {
      return FrameWriter.newConnectionIdSize(newId.sequence(), 0, NEW_CONNECTION_ID_LENGTH);
    } else if (frame instanceof Frame.PathResponse || frame instanceof Frame.PathChallenge) {
      return FrameWriter.PATH_FRAME_SIZE;
    }
    throw new IllegalArgumentException("no encoding for " + frame);
  }

  private static void writeStream(ByteBuffer buffer, Frame.Stream stream) {
    FrameWriter.writeStreamHeader(
        buffer,
        stream.streamId(),
        stream.offset(),
        stream.length(),
        stream.explicitLength(),
        stream.fin());
    byte[] data = stream.dataArray(); // in place: no slice made per frame
    if (data == null) {
      writeZeros(buffer, stream.length());
    } else {
      checkLength(stream.dataLength(), stream.length(), stream);
      buffer.put(data, stream.dataOffset(), stream.dataLength());
    }
  }

  /**
   * A DATAGRAM payload: its bytes, or zeros for a message the simulated sender did not serialise.
   */
  private static void writePayload(ByteBuffer buffer, DatagramPayload payload) {
    if (payload instanceof DatagramPayload.Bytes bytes) {
      ByteSlice slice = bytes.bytes();
      buffer.put(slice.array(), slice.offset(), slice.length());
    } else if (payload instanceof DatagramPayload.Prefixed prefixed) {
      prefixed.writeTo(buffer);
    } else {
      writeZeros(buffer, payload.length()); // a message the simulated sender did not serialise
    }
  }

  /** The stack's ACK as the wire's: same ranges, encoded ACK Delay, ECN counts if present. */
  private dev.moqbed.transport.wire.AckFrameContent toWire(Frame.Ack ack) {
    AckFrame model = ack.frame();
    wireAck.clear();
    for (int i = 0; i < model.rangeCount(); i++) {
      wireAck.addRange(model.rangeSmallest(i), model.rangeLargest(i));
    }
    wireAck.ackDelay(model.encodedAckDelay());
    long[] ecn = ack.ecnCounts();
    if (ecn != null) {
      wireAck.ecnCounts(ecn[0], ecn[1], ecn[2]);
    }
    return wireAck;
  }

  /**
   * Zeros in place of the bytes the stack does not carry; the buffer is reused, so they are set.
   */
  private static void writeZeros(ByteBuffer buffer, int count) {
    int position = buffer.position();
    Arrays.fill(
        buffer.array(),
        buffer.arrayOffset() + position,
        buffer.arrayOffset() + position + count,
        (byte) 0);
    buffer.position(position + count);
  }

  private static void checkLength(int actual, int declared, Frame frame) {
    if (actual != declared) {
      throw new IllegalArgumentException(
          "frame carries " + actual + " bytes but declares " + declared + ": " + frame);
    }
  }

  private ConnectionId announcedId(int sequence) {
    grow(sequence);
    if (announcedIds[sequence] == null) {
      byte[] id = new byte[NEW_CONNECTION_ID_LENGTH];
      id[0] = (byte) 0xc1; // not a real routing id: a marker, then the sequence number
      id[NEW_CONNECTION_ID_LENGTH - 1] = (byte) sequence;
      id[NEW_CONNECTION_ID_LENGTH - 2] = (byte) (sequence >>> 8);
      announcedIds[sequence] = ConnectionId.of(id);
    }
    return announcedIds[sequence];
  }

  private StatelessResetToken resetToken(int sequence) {
    grow(sequence);
    if (resetTokens[sequence] == null) {
      byte[] token = new byte[StatelessResetToken.LENGTH];
      token[0] = (byte) 0x7e;
      token[StatelessResetToken.LENGTH - 1] = (byte) sequence;
      token[StatelessResetToken.LENGTH - 2] = (byte) (sequence >>> 8);
      resetTokens[sequence] = StatelessResetToken.of(token);
    }
    return resetTokens[sequence];
  }

  private void grow(int sequence) {
    if (sequence >= announcedIds.length) {
      int length = Math.max(sequence + 1, 2 * announcedIds.length);
      announcedIds = Arrays.copyOf(announcedIds, length);
      resetTokens = Arrays.copyOf(resetTokens, length);
    }
  }
}
