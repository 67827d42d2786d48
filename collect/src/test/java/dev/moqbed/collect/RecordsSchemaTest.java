package dev.moqbed.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.collect.v1.PathSample;
import dev.moqbed.media.FrameKind;
import dev.moqbed.subscriber.FrameRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The schema's messages on the wire as senders write them and the collector reads them. */
class RecordsSchemaTest {
  static Hello hello(Hello.SenderRole role, String host, String controller, String test) {
    return Hello.newBuilder()
        .setSchemaVersion(CollectConnection.SCHEMA_VERSION)
        .setRole(role)
        .setHost(host)
        .setController(controller)
        .setTest(test)
        .setRun(3)
        .setClockOffsetUs(-1_500)
        .setStartedUs(1_700_000_000_000_000L)
        .build();
  }

  @Test
  void shouldReadBackEveryKindOfRecordWrittenDelimited() throws IOException {
    FrameRecord frame =
        new FrameRecord("vmid", 7, 3, FrameKind.P, 6250, 1_000, 31_000, 30_000, List.of(12_000L));
    List<CollectRecord> written =
        List.of(
            CollectRecord.newBuilder()
                .setHello(hello(Hello.SenderRole.ROLE_SUBSCRIBER, "vm-b", "quiche:bbr", "t1"))
                .build(),
            SubscriberRecords.frame(frame),
            CollectRecord.newBuilder()
                .setPath(
                    PathSample.newBuilder()
                        .setPeer("/10.0.0.2:5000")
                        .setTimeUs(5)
                        .setCwndBytes(12_000)
                        .setControllerState("probe_bw"))
                .build(),
            CollectRecord.newBuilder()
                .setEnd(End.newBuilder().setFramesReceived(1).setRecordsDropped(2))
                .build());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (CollectRecord record : written) {
      record.writeDelimitedTo(bytes);
    }
    DelimitedReader reader =
        new DelimitedReader(new ByteArrayInputStream(bytes.toByteArray()), 64 * 1024);
    for (CollectRecord record : written) {
      assertEquals(record, reader.next());
    }
    assertNull(reader.next(), "a clean end between records");

    CollectRecord back = written.get(1);
    assertEquals("vmid", back.getFrame().getTrack());
    assertEquals(FrameKind.P, SubscriberRecords.kind(back.getFrame().getKind()));
    assertEquals(List.of(12_000L), back.getFrame().getRelayArrivalUsList());
    assertEquals(30_000, back.getFrame().getLatencyUs());
    PathSample path = written.get(2).getPath();
    assertTrue(path.hasCwndBytes());
    assertFalse(path.hasSmoothedRttUs(), "an absent figure stays absent, not 0");
    assertFalse(written.get(3).getEnd().hasFramesSent());
  }

  @Test
  void shouldSkipFieldsANewerSenderAddsAsTheVersioningRuleRequires() throws IOException {
    // A v1 Hello with an extra field 99 (varint), as a later schema might add.
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(message);
    out.writeMessage(1, hello(Hello.SenderRole.ROLE_RELAY, "vm-a", "c4", "t1"));
    out.writeUInt64(99, 12345);
    out.flush();
    ByteArrayOutputStream framed = new ByteArrayOutputStream();
    CodedOutputStream delimited = CodedOutputStream.newInstance(framed);
    delimited.writeUInt32NoTag(message.size());
    delimited.flush();
    framed.write(message.toByteArray());
    CollectRecord record =
        new DelimitedReader(new ByteArrayInputStream(framed.toByteArray()), 1024).next();
    assertEquals("vm-a", record.getHello().getHost());
    assertEquals(Hello.SenderRole.ROLE_RELAY, record.getHello().getRole());
  }

  @Test
  void shouldRefuseALengthOverTheLimitBeforeReadingIt() {
    byte[] huge = {(byte) 0xff, (byte) 0xff, (byte) 0x03}; // 65535
    MalformedRecordException error =
        assertThrows(
            MalformedRecordException.class,
            () -> new DelimitedReader(new ByteArrayInputStream(huge), 1024).next());
    assertEquals("message of 65535 bytes is over the limit of 1024", error.getMessage());
  }

  @Test
  void shouldRefuseBytesThatAreNotARecordAndACutMessage() {
    byte[] garbage = {3, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    assertThrows(
        MalformedRecordException.class,
        () -> new DelimitedReader(new ByteArrayInputStream(garbage), 1024).next());
    byte[] cut = {10, 1, 2};
    MalformedRecordException error =
        assertThrows(
            MalformedRecordException.class,
            () -> new DelimitedReader(new ByteArrayInputStream(cut), 1024).next());
    assertEquals("stream ended inside a message (2 of 10 bytes)", error.getMessage());
  }
}
