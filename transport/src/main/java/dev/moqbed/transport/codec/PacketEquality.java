package dev.moqbed.transport.codec;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.recovery.AckFrame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether a decoded packet is the one the stack sent: same space, number, packet-number length and
 * frames. The stack's frames are not all values (an ACK holds a {@link AckFrame}, data a {@link
 * ByteSlice} or a {@link DatagramPayload}), so they are compared field by field; bytes the stack
 * did not carry (a null STREAM slice, a DATAGRAM whose payload is an object) equal zeros, which is
 * what the codec writes for them. Sizes are not compared here: the size check reports them apart.
 */
public final class PacketEquality {
  private PacketEquality() {}

  /** The first difference between the two packet lists, or null when they are equal. */
  public static String difference(List<QuicPacket> sent, List<QuicPacket> decoded) {
    if (sent.size() != decoded.size()) {
      return sent.size() + " packets sent, " + decoded.size() + " decoded";
    }
    for (int i = 0; i < sent.size(); i++) {
      String difference = difference(sent.get(i), decoded.get(i));
      if (difference != null) {
        return "packet " + i + ": " + difference;
      }
    }
    return null;
  }

  /** The first difference between two packets, or null when they are equal. */
  public static String difference(QuicPacket sent, QuicPacket decoded) {
    if (sent.space() != decoded.space()
        || sent.packetNumber() != decoded.packetNumber()
        || sent.packetNumberLength() != decoded.packetNumberLength()) {
      return "header "
          + sent.space()
          + " "
          + sent.packetNumber()
          + "/"
          + sent.packetNumberLength()
          + " decoded as "
          + decoded.space()
          + " "
          + decoded.packetNumber()
          + "/"
          + decoded.packetNumberLength();
    }
    List<Frame> a = asDecoded(sent.frames());
    List<Frame> b = decoded.frames();
    if (a.size() != b.size()) {
      return a.size() + " frames sent " + a + ", " + b.size() + " decoded " + b;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!sameFrame(a.get(i), b.get(i))) {
        return "frame " + i + " sent " + a.get(i) + ", decoded " + b.get(i);
      }
    }
    return null;
  }

  /**
   * The frames as the decoder gives them back: one PING and one PADDING of the summed length per
   * packet, where the first of each was ({@link ModelFrameCollector#onPadding}).
   */
  private static List<Frame> asDecoded(List<Frame> frames) {
    List<Frame> merged = new ArrayList<>(frames.size());
    int paddingIndex = -1;
    int paddingBytes = 0;
    boolean ping = false;
    for (Frame frame : frames) {
      if (frame instanceof Frame.Ping) {
        if (!ping) {
          merged.add(frame);
        }
        ping = true;
      } else if (frame instanceof Frame.Padding padding) {
        if (paddingIndex < 0) {
          paddingIndex = merged.size();
          merged.add(frame);
        }
        paddingBytes += padding.length();
      } else {
        merged.add(frame);
      }
    }
    if (paddingIndex >= 0) {
      merged.set(paddingIndex, new Frame.Padding(paddingBytes));
    }
    return merged;
  }

  /** Whether two model frames say the same thing on the wire. */
  public static boolean sameFrame(Frame sent, Frame decoded) {
    if (sent instanceof Frame.Ack ack && decoded instanceof Frame.Ack other) {
      return sameAck(ack.frame(), other.frame())
          && Arrays.equals(ack.ecnCounts(), other.ecnCounts());
    }
    if (sent instanceof Frame.Stream stream && decoded instanceof Frame.Stream other) {
      return stream.streamId() == other.streamId()
          && stream.offset() == other.offset()
          && stream.length() == other.length()
          && stream.fin() == other.fin()
          && stream.explicitLength() == other.explicitLength()
          && sameBytes(stream.data(), other.data(), stream.length());
    }
    if (sent instanceof Frame.Crypto crypto && decoded instanceof Frame.Crypto other) {
      return crypto.offset() == other.offset()
          && crypto.length() == other.length()
          && sameBytes(crypto.data(), other.data(), crypto.length());
    }
    if (sent instanceof Frame.Datagram datagram && decoded instanceof Frame.Datagram other) {
      return datagram.length() == other.length()
          && sameBytes(bytesOf(datagram.payload()), bytesOf(other.payload()), datagram.length());
    }
    // Every other frame is a record of numbers and booleans: value equality is wire equality.
    return sent.equals(decoded);
  }

  private static boolean sameAck(AckFrame a, AckFrame b) {
    if (a.encodedAckDelay() != b.encodedAckDelay() || a.rangeCount() != b.rangeCount()) {
      return false;
    }
    for (int i = 0; i < a.rangeCount(); i++) {
      if (a.rangeSmallest(i) != b.rangeSmallest(i) || a.rangeLargest(i) != b.rangeLargest(i)) {
        return false;
      }
    }
    return true;
  }

  /** A payload's bytes, or null for a message not serialised (which reads as zeros). */
  private static ByteSlice bytesOf(DatagramPayload payload) {
    if (payload instanceof DatagramPayload.Prefixed prefixed) {
      return prefixed.toBytes().bytes();
    }
    return payload instanceof DatagramPayload.Bytes bytes ? bytes.bytes() : null;
  }

  private static boolean sameBytes(ByteSlice a, ByteSlice b, int length) {
    for (int i = 0; i < length; i++) {
      if (byteAt(a, i, length) != byteAt(b, i, length)) {
        return false;
      }
    }
    return true;
  }

  /** Byte {@code i}; a missing slice, or one of another length than the frame's, is zeros. */
  private static byte byteAt(ByteSlice slice, int i, int length) {
    return slice == null || slice.length() != length ? 0 : slice.get(i);
  }
}
