package dev.moqbed.quicperf;

import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.wire.VarInt;

/**
 * What a quicperf media datagram carries: the request stream it answers, its frame number and when
 * the server sent it. The DATAGRAM frame is padded to the flow's frame size (at most {@link
 * #MAX_BYTES}), so {@link #length()} on the wire is not this record's size. Not serialised: the
 * simulated client reads the numbers from the record.
 */
record QuicperfDatagram(long requestStreamId, long frameNumber, long sentMicros, int length)
    implements DatagramPayload.Unserialised {
  /** quicperf builds datagrams in a 1024-byte buffer: larger frame sizes are cut to this. */
  static final int MAX_BYTES = 1024;

  /** The datagram of a flow of {@code frameSizeBytes}, padded as quicperf pads it. */
  static QuicperfDatagram of(
      long requestStreamId, long frameNumber, long sentMicros, long frameSizeBytes) {
    int encoded =
        VarInt.encodedSize(requestStreamId) + VarInt.encodedSize(frameNumber) + Long.BYTES;
    int length = (int) Math.max(encoded, Math.min(frameSizeBytes, MAX_BYTES));
    return new QuicperfDatagram(requestStreamId, frameNumber, sentMicros, length);
  }
}
