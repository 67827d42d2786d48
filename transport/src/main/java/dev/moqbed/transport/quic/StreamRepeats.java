package dev.moqbed.transport.quic;

import dev.moqbed.transport.wire.VarInt;
import java.util.ArrayList;
import java.util.List;

/**
 * The stream data of lost packets, waiting to be sent again, in picoquic's order ({@code
 * picoquic_queue_data_repeat_packet} and {@code picoquic_copy_stream_frames_for_retransmit},
 * frames.c, the same in f00feeb7 and d199d45b).
 *
 * <p>picoquic keeps each lost packet that holds stream data, whole, in one splay tree per
 * connection, and resends the STREAM frames of the tree's first packet, one frame after the other,
 * before any new data of the same priority. Its comparison function is meant to order the packets
 * by priority, stream and offset, but it is handed the packets themselves where it expects their
 * tree nodes, and subtracts the node's place in the packet structure once more. So on a 64-bit
 * build it reads, for "priority, stream, offset, length", four other fields of the packet: the
 * bytes in flight when the packet was sent ({@code inflight_prior}), the position of its current
 * STREAM frame in the packet, the position of the next byte to resend, and the priority (reversed).
 * The effect, seen in picoquic's traces: after a burst of losses, the lost data goes out in the
 * order of the bytes in flight when each packet left, not in stream order (on {@code ecn_c4} ×
 * {@code c4:variant=v4} without holes, packet 560's data first, packet 551's sixth). This class
 * keeps that order: the same key, and the same tree (a bottom-up splay tree, {@link RepeatTree}),
 * because the key of the first packet grows in place as its frame is sent in parts, so where later
 * packets land depends on the tree's shape, as in picoquic. {@link StreamRepeatOrder#PRIORITY}
 * orders the same tree as picoquic's comparison means to (priority, stream, offset): the live
 * stack's choice, where that order decides what a subscriber of the relay gets first.
 */
final class StreamRepeats {
  /**
   * picoquic splits a frame to resend only if at least this much of it fits ({@code
   * PICOQUIC_MIN_STREAM_DATA_FRAGMENT}); otherwise the packet goes on with other data.
   */
  static final int MIN_FRAGMENT_BYTES = 512;

  private final StreamTable streams;
  private final StreamRepeatOrder order;
  private final RepeatTree tree = new RepeatTree();

  StreamRepeats(StreamTable streams, StreamRepeatOrder order) {
    this.streams = streams;
    this.order = order;
  }

  /** One STREAM frame of a lost packet: what it carried and where it sat in the packet. */
  record Piece(
      long streamId, long offset, int length, boolean fin, int position, int headerBytes) {}

  /** A lost packet with stream data; its fields are picoquic's sort key (see the class comment). */
  static final class LostPacket {
    final StreamRepeatOrder order;
    final long inFlightPriorBytes;
    final List<Piece> pieces;
    int current;
    int sentOfCurrent;
    int priority;
    LostPacket parent;
    LostPacket left;
    LostPacket right;

    LostPacket(StreamRepeatOrder order, long inFlightPriorBytes, List<Piece> pieces) {
      this.order = order;
      this.inFlightPriorBytes = inFlightPriorBytes;
      this.pieces = pieces;
    }

    /** Where the current frame starts in the packet ({@code data_repeat_frame}). */
    int framePosition() {
      return pieces.get(current).position();
    }

    /** Where the next byte to resend sits in the packet ({@code data_repeat_index}). */
    int nextBytePosition() {
      Piece piece = pieces.get(current);
      return piece.position() + (sentOfCurrent > 0 ? piece.headerBytes() + sentOfCurrent : 0);
    }

    /** Negative when {@code this} goes first, in the connection's {@link StreamRepeatOrder}. */
    long compareTo(LostPacket other) {
      return order == StreamRepeatOrder.PRIORITY ? byPriority(other) : asPicoquicRuns(other);
    }

    /** What picoquic's comparison means: priority, stream, offset of the next byte. */
    private long byPriority(LostPacket other) {
      if (priority != other.priority) {
        return (long) priority - other.priority;
      }
      Piece piece = pieces.get(current);
      Piece otherPiece = other.pieces.get(other.current);
      if (piece.streamId() != otherPiece.streamId()) {
        return Long.compare(piece.streamId(), otherPiece.streamId());
      }
      return Long.compare(
          piece.offset() + sentOfCurrent, otherPiece.offset() + other.sentOfCurrent);
    }

    /** picoquic's comparison as it works out (see the class comment). */
    private long asPicoquicRuns(LostPacket other) {
      if (inFlightPriorBytes != other.inFlightPriorBytes) {
        return Long.compareUnsigned(inFlightPriorBytes, other.inFlightPriorBytes);
      }
      long byFrame = (long) framePosition() - other.framePosition();
      if (byFrame != 0) {
        return byFrame;
      }
      long byIndex = (long) nextBytePosition() - other.nextBytePosition();
      return byIndex != 0 ? byIndex : (long) other.priority - priority;
    }
  }

  /**
   * Queues the stream data of a lost packet, sent with {@code inFlightPriorBytes} in flight and a
   * header of {@code headerBytes} (without the AEAD tag), if any of its STREAM frames still needs
   * to reach the peer ({@code picoquic_check_frame_needs_repeat}).
   */
  void onPacketLost(long inFlightPriorBytes, int headerBytes, List<Frame> frames) {
    List<Piece> pieces = null;
    boolean anyNeeded = false;
    int position = headerBytes;
    for (int i = 0; i < frames.size(); i++) {
      Frame frame = frames.get(i);
      if (frame instanceof Frame.Stream stream) {
        if (pieces == null) {
          pieces = new ArrayList<>(2);
        }
        int header = stream.sizeBytes() - stream.length();
        pieces.add(
            new Piece(
                stream.streamId(),
                stream.offset(),
                stream.length(),
                stream.fin(),
                position,
                header));
        anyNeeded |= isNeeded(stream.streamId(), stream.offset(), stream.length(), stream.fin());
      }
      position += frame.sizeBytes();
    }
    if (anyNeeded) {
      LostPacket packet = new LostPacket(order, inFlightPriorBytes, pieces);
      packet.priority = priorityOf(pieces.get(0).streamId());
      tree.insert(packet);
    }
  }

  boolean isEmpty() {
    return tree.isEmpty();
  }

  /** The priority of the data that would go first, {@code Integer.MAX_VALUE} when none waits. */
  int firstPriority() {
    LostPacket first = tree.first();
    return first == null ? Integer.MAX_VALUE : first.priority;
  }

  /**
   * Adds frames of lost data to {@code frames}, from the first packet of the queue on, within
   * {@code room} bytes; returns the bytes added. As picoquic, it goes on to the next packet only
   * when one is done, and stops after a packet that still holds data (a frame sent in part, or one
   * that did not fit, or a packet with a further STREAM frame).
   */
  int addFrames(List<Frame> frames, int room, OutputRecycling output) {
    int used = 0;
    boolean dequeued;
    do {
      LostPacket packet = tree.first();
      if (packet == null) {
        break;
      }
      int current = packet.current;
      used += copyCurrent(packet, frames, room - used, output);
      dequeued = false;
      if (packet.current >= packet.pieces.size()) {
        tree.delete(packet);
        dequeued = true;
      } else if (packet.current > current) {
        tree.delete(packet); // its key changed: it takes its new place
        tree.insert(packet);
      }
    } while (dequeued && used < room);
    return used;
  }

  /**
   * Sends what is left of the packet's current frame if it fits, or a part of it that fills the
   * packet if at least {@link #MIN_FRAGMENT_BYTES} fit ({@code
   * picoquic_copy_stream_frame_for_retransmit}); a frame the peer no longer needs is passed over.
   */
  private int copyCurrent(LostPacket packet, List<Frame> frames, int room, OutputRecycling output) {
    Piece piece = packet.pieces.get(packet.current);
    if (!isNeeded(
        piece.streamId(),
        piece.offset() + packet.sentOfCurrent,
        piece.length() - packet.sentOfCurrent,
        piece.fin())) {
      advance(packet);
      return 0;
    }
    StreamSendState stream = streams.sendStream(piece.streamId());
    // The bytes below the acknowledged prefix are released, and a resend may not change them
    // (RFC 9000 §2.2): they are skipped, where picoquic, which copies the lost packet's bytes,
    // would send them again. Only a frame acknowledged in part from its start meets this.
    long skipped = stream.acknowledgedPrefix() - piece.offset() - packet.sentOfCurrent;
    if (skipped > 0) {
      packet.sentOfCurrent += (int) Math.min(skipped, piece.length() - packet.sentOfCurrent);
    }
    long offset = piece.offset() + packet.sentOfCurrent;
    int available = piece.length() - packet.sentOfCurrent;
    int header = Frame.Stream.headerSize(piece.streamId(), offset, 0, false);
    if (header >= room) {
      return 0;
    }
    int used = 0;
    Frame.Stream frame;
    if (header + VarInt.encodedSize(available) + available <= room) {
      frame = stream.repeatFrame(offset, available, piece.fin(), true, output);
    } else if (header + available <= room) {
      int padding =
          room - header - available; // picoquic pads in front so the frame ends the packet
      if (padding > 0) {
        frames.add(new Frame.Padding(padding));
        used += padding;
      }
      frame = stream.repeatFrame(offset, available, piece.fin(), false, output);
    } else if (room - header >= MIN_FRAGMENT_BYTES) {
      int part = room - header;
      frames.add(stream.repeatFrame(offset, part, false, false, output));
      packet.sentOfCurrent += part;
      return used + header + part;
    } else {
      return 0;
    }
    frames.add(frame);
    advance(packet);
    return used + frame.sizeBytes();
  }

  /** The current frame is done: on to the packet's next STREAM frame, whose priority it takes. */
  private void advance(LostPacket packet) {
    packet.current++;
    packet.sentOfCurrent = 0;
    if (packet.current < packet.pieces.size()) {
      packet.priority = priorityOf(packet.pieces.get(packet.current).streamId());
    }
  }

  /** Whether the peer still lacks part of this range (or its FIN) on a stream not reset. */
  private boolean isNeeded(long streamId, long offset, int length, boolean fin) {
    StreamSendState stream = streams.sendStream(streamId);
    return stream != null && stream.needsRepeat(offset, length, fin);
  }

  private int priorityOf(long streamId) {
    StreamSendState stream = streams.sendStream(streamId);
    return stream == null ? 0 : stream.priority;
  }
}
