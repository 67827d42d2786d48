package dev.moqbed.media.moqt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.media.moqt.draft14.Draft14Codec;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The moqbed extension headers: capture time and the relays' arrival stamps. */
class ObjectExtensionTest {

  @Test
  void shouldAppendEachRelaysArrivalInPathOrderAndKeepTheCaptureTime() {
    KeyValuePairs published = KeyValuePairs.of(ObjectExtension.captureTimestamp(1_000));
    KeyValuePairs twoHops =
        ObjectExtension.withRelayArrival(ObjectExtension.withRelayArrival(published, 1_500), 2_250);

    assertEquals(1_000, ObjectExtension.captureTimeMicros(twoHops).getAsLong());
    assertArrayEquals(new long[] {1_500, 2_250}, ObjectExtension.relayArrivalsMicros(twoHops));
    assertArrayEquals(new long[0], ObjectExtension.relayArrivalsMicros(published));
    assertEquals(0x3802, twoHops.pairs().get(2).type());
  }

  @Test
  void shouldSurviveTheWireWithBothStampsInOrder() {
    MoqtCodec codec = new Draft14Codec(MoqtLimits.DEFAULT);
    long epochMicros = 1_764_576_000_000_000L; // a wall-clock time: an 8-byte varint
    ObjectDatagram sent =
        ObjectDatagram.of(
            7,
            3,
            0,
            2,
            ObjectExtension.withRelayArrival(
                KeyValuePairs.of(ObjectExtension.captureTimestamp(epochMicros)), epochMicros + 42),
            ByteString.utf8("audio"));
    WireWriter out = codec.newWriter();
    codec.encodeDatagram(sent, out);
    ObjectDatagram received = codec.decodeDatagram(ByteBuffer.wrap(out.toByteArray()));

    assertEquals(sent, received);
    assertArrayEquals(
        new long[] {epochMicros + 42}, ObjectExtension.relayArrivalsMicros(received.extensions()));
  }
}
