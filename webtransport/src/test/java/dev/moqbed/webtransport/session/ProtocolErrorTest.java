package dev.moqbed.webtransport.session;

import static dev.moqbed.webtransport.Hex.bytes;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.CHROMIUM_SETTINGS;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.concat;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.connect;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.controlStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3FrameWriter;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Each protocol error a peer can make closes the connection with its HTTP/3 code. */
class ProtocolErrorTest {
  private final RecordingPort port = new RecordingPort(true);
  private final RecordingListener events = new RecordingListener();
  private final WebTransportServer server =
      new WebTransportServer(port, events, WebTransportConfig.builder().build());

  private void send(long streamId, byte[] bytes, boolean fin) {
    server.onStreamData(streamId, ByteBuffer.wrap(bytes), fin);
  }

  private void withSettings() {
    send(2, controlStream(CHROMIUM_SETTINGS), false);
  }

  private void assertClosedWith(long errorCode) {
    assertEquals(Http3ErrorCode.name(errorCode), Http3ErrorCode.name(port.closeCode));
    assertTrue(server.isClosed());
    assertTrue(events.events.contains("connection closed 0x" + Long.toHexString(errorCode)));
  }

  @Test
  void shouldRequireSettingsFirstOnTheControlStream() {
    send(2, concat(bytes("00"), Http3FrameWriter.goaway(0)), false);
    assertClosedWith(Http3ErrorCode.H3_MISSING_SETTINGS);
  }

  @Test
  void shouldRefuseASecondControlStream() {
    withSettings();
    send(6, controlStream(""), false);
    assertClosedWith(Http3ErrorCode.H3_STREAM_CREATION_ERROR);
  }

  @Test
  void shouldRefuseASecondSettingsFrame() {
    withSettings();
    send(2, Http3FrameWriter.frame(0x04, new byte[0]), false);
    assertClosedWith(Http3ErrorCode.H3_FRAME_UNEXPECTED);
  }

  @Test
  void shouldRefuseAnHttp2FrameOnTheControlStream() {
    withSettings();
    send(2, Http3FrameWriter.frame(0x06, new byte[8]), false); // HTTP/2 PING
    assertClosedWith(Http3ErrorCode.H3_FRAME_UNEXPECTED);
  }

  @Test
  void shouldTreatTheEndOfTheControlStreamAsFatal() {
    withSettings();
    send(2, new byte[0], true);
    assertClosedWith(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM);
  }

  @Test
  void shouldTreatAResetQpackStreamAsFatal() {
    withSettings();
    send(6, bytes("02"), false);
    server.onStreamReset(6, Http3ErrorCode.H3_NO_ERROR);
    assertClosedWith(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM);
  }

  @Test
  void shouldRefuseADatagramSettingOtherThanZeroOrOne() {
    send(2, controlStream("33 02"), false);
    assertClosedWith(Http3ErrorCode.H3_SETTINGS_ERROR);
  }

  @Test
  void shouldRefuseDynamicTableInsertions() {
    withSettings();
    send(6, bytes("02 c1 01 61"), false);
    assertClosedWith(Http3ErrorCode.QPACK_ENCODER_STREAM_ERROR);
  }

  @Test
  void shouldRefuseARequestThatReferencesTheDynamicTable() {
    withSettings();
    send(0, Http3FrameWriter.headers(bytes("0000 80")), false);
    assertClosedWith(Http3ErrorCode.QPACK_DECOMPRESSION_FAILED);
  }

  @Test
  void shouldRefuseHeadersLargerThanTheLimitBeforeReadingThem() {
    withSettings();
    send(0, bytes("01 80010000"), false); // HEADERS of 65536 bytes: only its length is sent
    assertClosedWith(Http3ErrorCode.H3_EXCESSIVE_LOAD);
  }

  @Test
  void shouldRefuseACapsuleLargerThanTheLimit() {
    withSettings();
    send(0, connect("/moq"), false);
    send(0, Http3FrameWriter.data(bytes("00 80020000")), false); // a 128 KiB DATAGRAM capsule
    assertClosedWith(Http3ErrorCode.H3_EXCESSIVE_LOAD);
  }

  @Test
  void shouldRefuseAPushStreamSentToTheServer() {
    withSettings();
    send(6, bytes("01 00"), false);
    assertClosedWith(Http3ErrorCode.H3_STREAM_CREATION_ERROR);
  }

  @Test
  void shouldRefuseAStreamNamingAnIdThatCannotBeASession() {
    withSettings();
    send(6, bytes("4054 01"), false);
    assertClosedWith(Http3ErrorCode.H3_ID_ERROR);
  }

  @Test
  void shouldRefuseADatagramWithoutItsQuarterStreamId() {
    withSettings();
    server.onDatagram(ByteBuffer.allocate(0));
    assertClosedWith(Http3ErrorCode.H3_DATAGRAM_ERROR);
  }

  @Test
  void shouldDropADatagramForNoSessionWithoutClosing() {
    withSettings();
    server.onDatagram(ByteBuffer.wrap(bytes("02 aa")));
    assertEquals(1, server.droppedDatagrams());
    assertEquals(-1, port.closeCode);
  }

  @Test
  void shouldIgnoreEverythingAfterClosing() {
    send(2, controlStream("33 02"), false);
    int written = port.written.size();
    send(0, connect("/moq"), false);
    assertEquals(written, port.written.size());
  }
}
