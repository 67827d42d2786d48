package dev.moqbed.transport.udp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.unix.SegmentedDatagramPacket;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * Writes one connection's datagrams to the channel, with generic segmentation offload where the
 * kernel has it (Linux epoll, {@code UDP_SEGMENT}): a run of datagrams of one size, to one peer, in
 * one pass, goes down as a single {@link SegmentedDatagramPacket} that the kernel cuts into
 * datagrams of that size (the last may be shorter, so a shorter datagram ends the run). The pump
 * decides what is sent, as the pacer and the window allow; this only packs it: a segmented write
 * holds at most {@link #MAX_SEGMENTS} datagrams and {@link #MAX_SEGMENTED_BYTES} bytes (the
 * kernel's limits) and never more than the pump's pass. Without GSO each datagram is its own
 * packet, and a flush of several is one {@code sendmmsg} either way.
 *
 * <p>Each datagram is copied from the codec's reused buffer into a pooled direct buffer, which
 * Netty releases once written. A run's buffer starts at the size of this connection's previous run
 * and grows when the run is longer: a relay's paced fan-out writes runs of a few datagrams, and
 * asking the pool for the largest run (64 KiB) every time took about 4 % of the relay thread's
 * samples, most of it in the allocator.
 */
final class OutboundDatagrams {
  /** The kernel's UDP_MAX_SEGMENTS. */
  static final int MAX_SEGMENTS = 64;

  /** A UDP datagram's largest payload over IPv4: the kernel refuses a segmented write above. */
  static final int MAX_SEGMENTED_BYTES = 65_507;

  private final Channel channel;
  private InetSocketAddress remote;
  private final boolean segmentation;
  private ByteBuf run;
  private int segmentBytes;
  private int segments;
  private int previousSegments = 1;
  private long writes;

  OutboundDatagrams(Channel channel, InetSocketAddress remote, boolean segmentation) {
    this.channel = channel;
    this.remote = remote;
    this.segmentation = segmentation;
  }

  /** The peer moved: a run in progress goes to the old address, what follows to the new one. */
  void retarget(InetSocketAddress newRemote) {
    endPass();
    remote = newRemote;
  }

  /** Adds a datagram; it may wait in the current run until {@link #endPass}. */
  void add(ByteBuffer payload) {
    int length = payload.remaining();
    if (!segmentation) {
      ByteBuf buffer = channel.alloc().directBuffer(length);
      buffer.writeBytes(payload);
      write(buffer, 1, length);
      return;
    }
    if (run != null
        && (length > segmentBytes
            || segments == MAX_SEGMENTS
            || run.readableBytes() + length > MAX_SEGMENTED_BYTES)) {
      endPass();
    }
    if (run == null) {
      int expected = Math.min(MAX_SEGMENTED_BYTES, length * previousSegments);
      run = channel.alloc().directBuffer(expected, MAX_SEGMENTED_BYTES);
      segmentBytes = length;
    }
    run.writeBytes(payload);
    segments++;
    if (length < segmentBytes) {
      endPass(); // only the last segment may be shorter
    }
  }

  /** Writes the run in progress (the pump flushes after). */
  void endPass() {
    if (run != null) {
      write(run, segments, segmentBytes);
      previousSegments = segments;
      run = null;
      segments = 0;
    }
  }

  /** Packets handed to the channel: datagrams, or runs of datagrams under GSO. */
  long writes() {
    return writes;
  }

  private void write(ByteBuf buffer, int count, int segmentSize) {
    Object packet =
        count == 1
            ? new DatagramPacket(buffer, remote)
            : new SegmentedDatagramPacket(buffer, segmentSize, remote);
    channel.write(packet, channel.voidPromise());
    writes++;
  }
}
