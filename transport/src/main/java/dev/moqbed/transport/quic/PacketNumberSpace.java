package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckTracker;
import dev.moqbed.transport.wire.VarInt;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * One packet-number space of a connection (RFC 9000 §12.3): the numbers it sends, the packets
 * awaiting acknowledgement, what it received and must acknowledge, the peer's ECN counts, and the
 * modelled TLS handshake bytes (CRYPTO) it carries.
 */
final class PacketNumberSpace {
  final PacketSpace space;
  final AckTracker receivedPackets;

  /** Sent packets not yet acknowledged or given up, in packet-number order. */
  final ArrayDeque<SentPacket> sentPackets = new ArrayDeque<>();

  long nextPacketNumber;
  long largestAcked = -1;
  long largestAckedSentMicros;

  /** When the ACK that acknowledged {@link #largestAcked} arrived. */
  long largestAckedReceivedMicros;

  /**
   * The largest number any ACK frame of the peer named (picoquic's {@code highest_acknowledged}):
   * unlike {@link #largestAcked} it rises even when that packet is no longer tracked, e.g. an
   * ACK-only packet dropped on its timer. Read by {@link AckOfAckPing}.
   */
  long highestNamedInAck = -1;

  /** When {@link #highestNamedInAck} last rose; the space's start before (picoquic's too). */
  long highestNamedInAckMicros;

  /**
   * An ack-eliciting packet left since {@link #highestNamedInAck} last rose (picoquic's {@code
   * ack_of_ack_requested}, {@link AckOfAckPing}).
   */
  boolean ackOfAckRequested;

  boolean discarded;

  /** Frames of this space were resent before ready: an ACK goes behind them (picoquic). */
  boolean ackBehindResend;

  /** ECN marks of the packets received in this space: ECT(0), ECT(1), CE. */
  final long[] receivedEcnCounts = new long[3];

  /** The peer's ECN totals as last reported in its ACK frames. */
  long peerEct0Total;

  long peerEct1Total;
  long peerCeTotal;

  /** CRYPTO bytes this end must send in this space, and its progress. */
  final CryptoStream cryptoToSend = new CryptoStream();

  /** CRYPTO bytes received from the peer in this space. */
  final RangeSet cryptoReceived = new RangeSet();

  PacketNumberSpace(PacketSpace space, AckFlavor ackFlavor, long startMicros) {
    this.space = space;
    this.receivedPackets = new AckTracker(ackFlavor, space == PacketSpace.APPLICATION, startMicros);
    this.highestNamedInAckMicros = startMicros;
  }

  /** Ack-eliciting packets still counted in flight: kept as a count, read on every wake-up. */
  int ackElicitingInFlight;

  /** Packets declared lost, by number, kept a while to recognise spurious losses. */
  final java.util.TreeMap<Long, SentPacket> declaredLost = new java.util.TreeMap<>();

  /** Counts the ECN mark of a packet received in this space, for the ACK_ECN frames it sends. */
  void countEcn(EcnMark mark) {
    if (mark == EcnMark.ECT_0) {
      receivedEcnCounts[0]++;
    } else if (mark == EcnMark.ECT_1) {
      receivedEcnCounts[1]++;
    } else if (mark == EcnMark.CE) {
      receivedEcnCounts[2]++;
    }
  }

  boolean hasAckElicitingInFlight() {
    return ackElicitingInFlight > 0;
  }

  /** Takes a packet out of the flight count; returns whether it was in flight. */
  boolean leaveFlight(SentPacket packet) {
    if (!packet.inFlight) {
      return false;
    }
    packet.inFlight = false;
    if (packet.ackEliciting) {
      ackElicitingInFlight--;
    }
    return true;
  }

  /**
   * The CRYPTO stream of one direction in one space: the modelled handshake's byte counts, or a
   * real handshake's bytes, kept from the first unacknowledged one so that a lost range is resent
   * as it was (RFC 9000 §13.3).
   */
  static final class CryptoStream {
    /** A bound on one space's outgoing CRYPTO bytes (a TLS flight is a few kilobytes). */
    static final int MAX_BYTES = 64 * 1024;

    long totalBytes;
    long nextOffset;
    final RangeSet toResend = new RangeSet();
    final RangeSet acknowledged = new RangeSet();

    /** Real bytes from offset {@link #bytesStart} to {@link #totalBytes}; null for counts. */
    private byte[] bytes;

    private long bytesStart;

    /** Appends a real handshake's bytes at the end of the stream. */
    void append(byte[] data) {
      if (bytes == null && totalBytes > 0) {
        throw new IllegalStateException("a modelled CRYPTO stream takes no bytes");
      }
      if (totalBytes + data.length > MAX_BYTES) {
        throw new IllegalStateException("more than " + MAX_BYTES + " CRYPTO bytes in one space");
      }
      byte[] held = bytes == null ? new byte[0] : bytes;
      // A new array each time: frames already taken keep viewing the old one, which never changes.
      byte[] grown = Arrays.copyOf(held, held.length + data.length);
      System.arraycopy(data, 0, grown, held.length, data.length);
      bytes = grown;
      totalBytes += data.length;
    }

    /** Bytes still held for retransmission (0 for a modelled stream). */
    int heldBytes() {
      return bytes == null ? 0 : bytes.length;
    }

    /** Forgets the bytes: everything was acknowledged, or the space was discarded. */
    void releaseBytes() {
      if (bytes != null) {
        bytes = new byte[0];
        bytesStart = totalBytes;
      }
    }

    private Frame.Crypto frame(long offset, int length) {
      if (bytes == null) {
        return new Frame.Crypto(offset, length);
      }
      return new Frame.Crypto(
          offset, length, new ByteSlice(bytes, (int) (offset - bytesStart), length));
    }

    boolean hasDataToSend() {
      return nextOffset < totalBytes || !toResend.isEmpty();
    }

    boolean isFullyAcknowledged() {
      return acknowledged.containsAll(0, totalBytes);
    }

    /** Takes CRYPTO data, lost data first, in a frame of at most {@code maxFrameBytes}. */
    Frame.Crypto take(int maxFrameBytes) {
      while (!toResend.isEmpty()) {
        long start = toResend.first();
        int maxBytes = payloadFitting(start, maxFrameBytes);
        long end = Math.min(toResend.end(0), start + maxBytes);
        toResend.remove(start, end);
        if (!acknowledged.containsAll(start, end)) {
          return frame(start, (int) (end - start));
        }
      }
      int length =
          (int) Math.min(payloadFitting(nextOffset, maxFrameBytes), totalBytes - nextOffset);
      if (length <= 0) {
        return null;
      }
      Frame.Crypto frame = frame(nextOffset, length);
      nextOffset += length;
      return frame;
    }

    /** The largest payload whose CRYPTO frame at {@code offset} fits {@code frameBytes}. */
    private static int payloadFitting(long offset, int frameBytes) {
      int payload = frameBytes - 1 - VarInt.encodedSize(offset) - 1;
      if (payload >= 64) {
        payload = frameBytes - 1 - VarInt.encodedSize(offset) - 2;
      }
      return Math.max(0, payload);
    }

    void onLost(Frame.Crypto frame) {
      toResend.add(frame.offset(), frame.offset() + frame.length());
    }

    void onAcknowledged(Frame.Crypto frame) {
      acknowledged.add(frame.offset(), frame.offset() + frame.length());
      if (bytes != null && bytes.length > 0 && isFullyAcknowledged()) {
        releaseBytes();
      }
    }
  }

  /** Queues again the CRYPTO frames of every packet awaiting acknowledgement. */
  void requeueCrypto() {
    for (SentPacket packet : sentPackets) {
      for (Frame frame : packet.frames) {
        if (frame instanceof Frame.Crypto crypto) {
          cryptoToSend.onLost(crypto);
        }
      }
    }
  }
}
