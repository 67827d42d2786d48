package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * {@link PacketHeaderParser} on any datagram, coalesced packets followed to the end: headers whose
 * offsets lie inside the packet, or a {@link QuicWireException} with PROTOCOL_VIOLATION, never an
 * unchecked exception, and every packet ends past its start (so a caller walking coalesced packets
 * always gets on). The first input byte is this endpoint's short-header CID length (mod 21).
 */
class PacketHeaderParserFuzzTest {
  /** Header protection samples 16 bytes, 4 past the packet number (RFC 9001 §5.4.2). */
  private static final int SAMPLE_BYTES = 16;

  private static final Set<TransportErrorCode> REJECTIONS =
      WireFuzzChecks.codes(TransportErrorCode.PROTOCOL_VIOLATION);

  private final PacketHeaderParser parser = new PacketHeaderParser();
  private final PacketHeader header = new PacketHeader();

  @FuzzTest(maxDuration = "60s")
  void parsesOrRejectsAnyDatagram(byte[] input) {
    if (input.length == 0) {
      return;
    }
    int cidLength = (input[0] & 0xFF) % (ConnectionId.MAX_LENGTH + 1);
    ByteBuffer datagram = ByteBuffer.wrap(input);
    int start = 1;
    try {
      while (start < input.length) {
        parser.parse(datagram, start, input.length, cidLength, header);
        checkInside(header, start, input.length);
        if (!header.type().carriesFrames() || !header.type().isLongHeader()) {
          break; // nothing can follow in the datagram
        }
        start = header.packetEnd();
      }
    } catch (QuicWireException rejected) {
      WireFuzzChecks.checkRejection(rejected, REJECTIONS);
    }
  }

  /** What the next stage (header protection, decryption) reads must be inside the packet. */
  private static void checkInside(PacketHeader header, int start, int datagramEnd) {
    int end = header.packetEnd();
    assertTrue(start < end && end <= datagramEnd, "packet [" + start + ", " + end + ")");
    assertTrue(header.dcidOffset() + header.dcidLength() <= end, "DCID past the packet");
    if (header.type().carriesFrames()) {
      assertTrue(header.sampleOffset() + SAMPLE_BYTES <= end, "no room for the HP sample");
    }
    // The accessors a caller uses next must not throw either.
    header.dcidBytes();
    if (header.type().isLongHeader()) {
      header.scidBytes();
    }
    if (header.type() == PacketType.INITIAL || header.type() == PacketType.RETRY) {
      header.token();
    }
  }
}
