package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order and the cuts of lost stream data sent again, as picoquic makes them ({@link
 * StreamRepeats}): lost packets go out again in the order of the bytes that were in flight when
 * each was sent, not in stream order, whole frames when they fit, in parts only when at least 512
 * bytes fit. On {@code ecn_c4} × {@code c4:variant=v4} without holes, picoquic's background server
 * resends packet 560's data (offset 782,798, sent with 349,920 bytes in flight) before packet 551's
 * (offset 770,135, 362,880 bytes in flight); moqbed, which resent in offset order, sent 770,135
 * first (docs/results/vs-bbr-lg2-2026-12-07.md §9).
 */
class StreamRepeatsTest {
  private static final int HEADER_BYTES = 1 + 8 + 2;
  private static final int FRAME_PAYLOAD_BYTES = 1_406;

  private final StreamTable streams =
      new StreamTable(null, ConnectionConfig.picoquic(Role.SERVER), null);
  private final OutputRecycling output = new OutputRecycling();
  private final long streamId = streams.openBidirectional(QuicConnection.DEFAULT_STREAM_PRIORITY);
  private final StreamSendState stream = streams.sendStream(streamId);

  StreamRepeatsTest() {
    stream.write(null, 0, 100_000);
  }

  @Test
  void shouldResendLostPacketsInTheOrderOfTheirBytesInFlightNotTheirOffsets() {
    Frame.Stream first = takeNew(); // offset 0
    Frame.Stream second = takeNew(); // offset 1,406
    Frame.Stream third = takeNew(); // offset 2,812
    streams.repeats.onPacketLost(362_880, HEADER_BYTES, List.of(first));
    streams.repeats.onPacketLost(349_920, HEADER_BYTES, List.of(second));
    streams.repeats.onPacketLost(355_680, HEADER_BYTES, List.of(third));

    List<Frame> frames = new ArrayList<>();
    int used = streams.repeats.addFrames(frames, 100_000, output);

    assertEquals(List.of(second.offset(), third.offset(), first.offset()), offsets(frames));
    assertEquals(frames.stream().mapToInt(Frame::sizeBytes).sum(), used);
    assertTrue(streams.repeats.isEmpty());
  }

  @Test
  void shouldKeepTheArrivalOrderOfPacketsSentWithEqualBytesInFlight() {
    Frame.Stream first = takeNew();
    Frame.Stream second = takeNew();
    streams.repeats.onPacketLost(100_000, HEADER_BYTES, List.of(second));
    streams.repeats.onPacketLost(100_000, HEADER_BYTES, List.of(first));

    List<Frame> frames = new ArrayList<>();
    streams.repeats.addFrames(frames, 100_000, output);

    assertEquals(List.of(second.offset(), first.offset()), offsets(frames));
  }

  @Test
  void shouldFillThePacketWithAPartOnlyWhenAtLeast512BytesFit() {
    Frame.Stream lost = takeNew();
    streams.repeats.onPacketLost(1_000, HEADER_BYTES, List.of(lost));

    List<Frame> frames = new ArrayList<>();
    assertEquals(0, streams.repeats.addFrames(frames, 513, output), "room for 511 bytes: none");
    assertTrue(frames.isEmpty());

    assertEquals(600, streams.repeats.addFrames(frames, 600, output));
    Frame.Stream part = (Frame.Stream) frames.get(0);
    int header = part.sizeBytes() - part.length();
    assertEquals(600 - header, part.length(), "the part fills the packet");
    assertFalse(part.explicitLength(), "no Length field: it ends the packet");

    frames.clear();
    streams.repeats.addFrames(frames, 100_000, output);
    Frame.Stream rest = (Frame.Stream) frames.get(0);
    assertEquals(lost.offset() + part.length(), rest.offset());
    assertEquals(FRAME_PAYLOAD_BYTES - part.length(), rest.length());
    assertTrue(rest.explicitLength());
  }

  @Test
  void shouldSendAWholeFrameThatFitsWithoutItsLengthFieldAtTheEndOfThePacket() {
    Frame.Stream lost = takeNew();
    streams.repeats.onPacketLost(1_000, HEADER_BYTES, List.of(lost));
    int header = Frame.Stream.headerSize(streamId, lost.offset(), 0, false);

    List<Frame> frames = new ArrayList<>();
    int room = header + FRAME_PAYLOAD_BYTES + 1; // one byte short of a 2-byte Length field
    assertEquals(room, streams.repeats.addFrames(frames, room, output));

    assertEquals(2, frames.size(), "picoquic pads in front of the frame");
    assertEquals(1, frames.get(0).sizeBytes());
    Frame.Stream whole = (Frame.Stream) frames.get(1);
    assertEquals(FRAME_PAYLOAD_BYTES, whole.length());
    assertFalse(whole.explicitLength());
  }

  @Test
  void shouldPassOverDataThePeerAcknowledgedMeanwhile() {
    Frame.Stream first = takeNew();
    Frame.Stream second = takeNew();
    streams.repeats.onPacketLost(1_000, HEADER_BYTES, List.of(first));
    streams.repeats.onPacketLost(2_000, HEADER_BYTES, List.of(second));
    stream.onFrameAcknowledged(first); // a spurious loss

    List<Frame> frames = new ArrayList<>();
    streams.repeats.addFrames(frames, 100_000, output);

    assertEquals(List.of(second.offset()), offsets(frames));
    assertTrue(streams.repeats.isEmpty());
  }

  @Test
  void shouldNotResendBytesAcknowledgedFromTheStreamStartWhichAreReleased() {
    Frame.Stream lost = takeNew();
    stream.onFrameAcknowledged(new Frame.Stream(streamId, 0, 600, false, true, null));
    streams.repeats.onPacketLost(1_000, HEADER_BYTES, List.of(lost));

    List<Frame> frames = new ArrayList<>();
    streams.repeats.addFrames(frames, 100_000, output);

    Frame.Stream resent = (Frame.Stream) frames.get(0);
    assertEquals(600, resent.offset());
    assertEquals(FRAME_PAYLOAD_BYTES - 600, resent.length());
  }

  /**
   * Streams of two priorities; the background's packet leaves first, with fewer bytes in flight.
   */
  private static List<Long> resendOrder(StreamRepeatOrder order) {
    StreamTable table =
        new StreamTable(
            null, ConnectionConfig.builder(Role.SERVER).streamRepeatOrder(order).build(), null);
    OutputRecycling output = new OutputRecycling();
    long urgent = table.openBidirectional(3);
    long background = table.openBidirectional(9);
    table.sendStream(urgent).write(null, 0, 10_000);
    table.sendStream(background).write(null, 0, 10_000);
    Frame.Stream backgroundFrame = copy(table.sendStream(background), output);
    Frame.Stream urgentFrame = copy(table.sendStream(urgent), output);
    table.repeats.onPacketLost(100_000, HEADER_BYTES, List.of(backgroundFrame));
    table.repeats.onPacketLost(200_000, HEADER_BYTES, List.of(urgentFrame));
    List<Frame> frames = new ArrayList<>();
    table.repeats.addFrames(frames, 100_000, output);
    List<Long> streamIds = new ArrayList<>();
    for (Frame frame : frames) {
      if (frame instanceof Frame.Stream stream) {
        streamIds.add(stream.streamId());
      }
    }
    return List.of(streamIds.get(0) == urgent ? 3L : 9L, streamIds.get(1) == urgent ? 3L : 9L);
  }

  @Test
  void shouldResendTheUrgentStreamFirstWhenOrderedByPriority() {
    assertEquals(
        List.of(3L, 9L),
        resendOrder(StreamRepeatOrder.PRIORITY),
        "the live stack's order: priority 3's lost data before priority 9's");
    assertEquals(
        List.of(9L, 3L),
        resendOrder(StreamRepeatOrder.PICOQUIC),
        "picoquic's as it runs: the packet sent with fewer bytes in flight first");
  }

  private static Frame.Stream copy(StreamSendState sender, OutputRecycling output) {
    Frame.Stream frame = sender.takeNew(FRAME_PAYLOAD_BYTES, Integer.MAX_VALUE, output);
    return new Frame.Stream(
        frame.streamId(), frame.offset(), frame.length(), frame.fin(), true, null);
  }

  private Frame.Stream takeNew() {
    Frame.Stream frame = stream.takeNew(FRAME_PAYLOAD_BYTES, Integer.MAX_VALUE, output);
    return new Frame.Stream(
        frame.streamId(), frame.offset(), frame.length(), frame.fin(), true, null);
  }

  private static List<Long> offsets(List<Frame> frames) {
    List<Long> offsets = new ArrayList<>();
    for (Frame frame : frames) {
      if (frame instanceof Frame.Stream stream) {
        offsets.add(stream.offset());
      }
    }
    return offsets;
  }
}
