package dev.moqbed.webtransport.http3;

import static dev.moqbed.webtransport.Hex.assertHttp3Error;
import static dev.moqbed.webtransport.Hex.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class Http3FrameReaderTest {
  private final Http3FrameReader reader = new Http3FrameReader(new Http3FrameLimits(32, 16, 64));

  private List<Http3Frame> feed(byte[] bytes) {
    reader.append(ByteBuffer.wrap(bytes));
    List<Http3Frame> frames = new ArrayList<>();
    for (Http3Frame frame = reader.next(); frame != null; frame = reader.next()) {
      frames.add(frame);
    }
    return frames;
  }

  @Test
  void shouldDeliverAFrameOnlyOnceItsLastByteArrives() {
    byte[] frame = Http3FrameWriter.data(bytes("0102030405"));
    for (int i = 0; i < frame.length - 1; i++) {
      assertEquals(List.of(), feed(new byte[] {frame[i]}), "after byte " + i);
    }
    List<Http3Frame> frames = feed(new byte[] {frame[frame.length - 1]});
    assertEquals(1, frames.size());
    assertEquals(Http3FrameType.DATA, frames.get(0).type());
    assertArrayEquals(bytes("0102030405"), frames.get(0).payload());
    assertTrue(reader.atFrameBoundary());
  }

  @Test
  void shouldSkipUnknownAndGreaseFramesWhateverTheirLength() {
    // A grease frame (0x21) announcing 1000 bytes, larger than any limit: skipped, not refused.
    byte[] grease = Http3FrameWriter.frame(0x21, new byte[1000]);
    byte[] unknown = Http3FrameWriter.frame(0x1234, bytes("aa"));
    byte[] headers = Http3FrameWriter.headers(bytes("0000d1"));
    assertEquals(List.of(), feed(java.util.Arrays.copyOf(grease, 300)));
    List<Http3Frame> frames = new ArrayList<>();
    frames.addAll(feed(java.util.Arrays.copyOfRange(grease, 300, grease.length)));
    frames.addAll(feed(unknown));
    frames.addAll(feed(headers));
    assertEquals(1, frames.size());
    assertEquals(Http3FrameType.HEADERS, frames.get(0).type());
  }

  @Test
  void shouldRefuseHttp2FrameTypes() {
    for (long type : new long[] {0x02, 0x06, 0x08, 0x09}) {
      Http3FrameReader fresh = new Http3FrameReader(Http3FrameLimits.DEFAULT);
      fresh.append(ByteBuffer.wrap(Http3FrameWriter.frame(type, new byte[0])));
      assertHttp3Error(Http3ErrorCode.H3_FRAME_UNEXPECTED, fresh::next);
    }
  }

  @Test
  void shouldRefuseAWebTransportSignalInsideAStream() {
    reader.append(ByteBuffer.wrap(bytes("4041 00")));
    assertHttp3Error(Http3ErrorCode.H3_FRAME_UNEXPECTED, reader::next);
  }

  @Test
  void shouldRefuseAnOversizedHeadersFrameBeforeItsPayloadArrives() {
    // HEADERS announcing 33 bytes against a limit of 32: only the type and length are sent.
    reader.append(ByteBuffer.wrap(bytes("01 21")));
    assertHttp3Error(Http3ErrorCode.H3_EXCESSIVE_LOAD, reader::next);
  }

  @Test
  void shouldRefuseOversizedSettingsAndData() {
    Http3FrameReader settings = new Http3FrameReader(new Http3FrameLimits(32, 16, 64));
    settings.append(ByteBuffer.wrap(bytes("04 11")));
    assertHttp3Error(Http3ErrorCode.H3_EXCESSIVE_LOAD, settings::next);
    Http3FrameReader data = new Http3FrameReader(new Http3FrameLimits(32, 16, 64));
    data.append(ByteBuffer.wrap(bytes("00 4041")));
    assertHttp3Error(Http3ErrorCode.H3_EXCESSIVE_LOAD, data::next);
  }

  @Test
  void shouldRefuseAGoawayLongerThanOneVarint() {
    reader.append(ByteBuffer.wrap(bytes("07 09")));
    assertHttp3Error(Http3ErrorCode.H3_FRAME_ERROR, reader::next);
  }

  @Test
  void shouldReportAStreamThatEndsInsideAFrame() {
    feed(bytes("00 05 0102"));
    assertFalse(reader.atFrameBoundary());
    assertHttp3Error(Http3ErrorCode.H3_FRAME_ERROR, reader::finish);
  }

  @Test
  void shouldReportAStreamThatEndsInsideASkippedFrame() {
    assertNull(feed(bytes("21 05 01")).stream().findAny().orElse(null));
    assertHttp3Error(Http3ErrorCode.H3_FRAME_ERROR, reader::finish);
  }

  @Test
  void shouldEncodeAGoawayWithItsStreamId() {
    assertArrayEquals(bytes("07 02 4040"), Http3FrameWriter.goaway(64));
  }

  @Test
  void shouldTellGreaseValuesFromOthers() {
    assertTrue(Http3FrameType.isGrease(0x21));
    assertTrue(Http3FrameType.isGrease(0x21 + 0x1f * 1000L));
    assertFalse(Http3FrameType.isGrease(0x41));
    assertFalse(Http3FrameType.isGrease(0x20));
  }
}
