package dev.moqbed.webtransport.session;

import static dev.moqbed.webtransport.Hex.bytes;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.CHROMIUM_SETTINGS;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.concat;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.connect;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.controlStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.webtransport.capsule.CloseSessionCapsule;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Frame;
import dev.moqbed.webtransport.http3.Http3FrameLimits;
import dev.moqbed.webtransport.http3.Http3FrameReader;
import dev.moqbed.webtransport.http3.Http3FrameType;
import dev.moqbed.webtransport.http3.Http3FrameWriter;
import dev.moqbed.webtransport.http3.Http3SettingId;
import dev.moqbed.webtransport.http3.Http3Settings;
import dev.moqbed.webtransport.qpack.HeaderField;
import dev.moqbed.webtransport.qpack.QpackDecoder;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server played against the bytes a Chromium client sends (draft-02, Huffman headers). */
class BrowserLikeServerTest {
  private final RecordingPort port = new RecordingPort(true);
  private final RecordingListener events = new RecordingListener();
  private final WebTransportServer server =
      new WebTransportServer(port, events, WebTransportConfig.builder().build());

  private void send(long streamId, byte[] bytes, boolean fin) {
    server.onStreamData(streamId, ByteBuffer.wrap(bytes), fin);
  }

  private void sendSettingsAndQpackStreams(String settings) {
    send(2, controlStream(settings), false);
    send(6, bytes("02"), false);
    send(10, bytes("03"), false);
  }

  /** The frames the server wrote on a stream. */
  private List<Http3Frame> framesOn(long streamId) {
    Http3FrameReader reader = new Http3FrameReader(Http3FrameLimits.DEFAULT);
    reader.append(port.bytes(streamId));
    List<Http3Frame> frames = new java.util.ArrayList<>();
    for (Http3Frame frame = reader.next(); frame != null; frame = reader.next()) {
      frames.add(frame);
    }
    return frames;
  }

  private List<HeaderField> responseOn(long streamId) {
    Http3Frame headers = framesOn(streamId).get(0);
    assertEquals(Http3FrameType.HEADERS, headers.type());
    return new QpackDecoder(4096).decode(headers.payload());
  }

  @Test
  void shouldOfferWebTransportInItsSettings() {
    server.start();
    ByteBuffer control = port.bytes(3);
    assertEquals(0x00, control.get()); // control stream type
    Http3FrameReader reader = new Http3FrameReader(Http3FrameLimits.DEFAULT);
    reader.append(control);
    Http3Settings settings = Http3Settings.decode(reader.next().payload());
    assertEquals(1, settings.valueOr(Http3SettingId.ENABLE_CONNECT_PROTOCOL, 0));
    assertEquals(1, settings.valueOr(Http3SettingId.H3_DATAGRAM, 0));
    assertEquals(1, settings.valueOr(Http3SettingId.H3_DATAGRAM_DRAFT04, 0));
    assertEquals(1, settings.valueOr(Http3SettingId.ENABLE_WEBTRANSPORT_DRAFT02, 0));
    assertEquals(1, settings.valueOr(Http3SettingId.WEBTRANSPORT_MAX_SESSIONS_DRAFT07, 0));
    assertEquals("02", dev.moqbed.webtransport.Hex.text(port.bytes(7).array()));
    assertEquals("03", dev.moqbed.webtransport.Hex.text(port.bytes(11).array()));
  }

  @Test
  void shouldAcceptChromiumsDraft02SessionAndItsStreams() {
    server.start();
    sendSettingsAndQpackStreams(CHROMIUM_SETTINGS);
    send(0, connect("/moq"), false);

    assertEquals(
        List.of(
            new HeaderField(":status", "200"),
            new HeaderField("sec-webtransport-http3-draft", "draft02")),
        responseOn(0));
    assertFalse(port.finished.contains(0L));
    assertEquals(List.of("opened 0 DRAFT_02"), events.events);
    assertEquals("www.example.com", events.opened.authority());
    assertEquals("https://page.example", events.opened.origin());

    send(14, concat(bytes("4054 00"), "media".getBytes()), true);
    send(4, concat(bytes("4041 00"), "request".getBytes()), false);
    server.onDatagram(ByteBuffer.wrap(concat(bytes("00"), "audio".getBytes())));
    assertEquals("media", events.text(14));
    assertEquals("request", events.text(4));
    assertEquals(List.of("audio"), events.datagrams);
    assertFalse(server.isClosed());
  }

  @Test
  void shouldAnswerABrowsersCloseWithFin() {
    server.start();
    sendSettingsAndQpackStreams(CHROMIUM_SETTINGS);
    send(0, connect("/moq"), false);
    byte[] close = new CloseSessionCapsule(0, "").toCapsule().encode();
    send(0, Http3FrameWriter.data(close), true);
    assertTrue(events.events.contains("closed 0 0 "));
    assertTrue(port.finished.contains(0L));
  }

  @Test
  void shouldHoldARequestThatArrivesBeforeTheClientsSettings() {
    server.start();
    send(0, connect("/moq"), false);
    assertTrue(port.bytes(0).remaining() == 0, "no answer before SETTINGS");
    sendSettingsAndQpackStreams(CHROMIUM_SETTINGS);
    assertEquals("200", responseOn(0).get(0).value());
  }

  @Test
  void shouldDeliverAStreamThatArrivedBeforeItsSession() {
    server.start();
    sendSettingsAndQpackStreams(CHROMIUM_SETTINGS);
    send(14, concat(bytes("4054 00"), "early".getBytes()), false);
    assertEquals(List.of(), events.events);
    send(0, connect("/moq"), false);
    assertEquals(List.of("opened 0 DRAFT_02", "incoming 14 unidirectional"), events.events);
    assertEquals("early", events.text(14));
  }

  @Test
  void shouldRefuseStreamsPastTheBufferedLimitAndForGoneSessions() {
    WebTransportServer limited =
        new WebTransportServer(
            port, events, WebTransportConfig.builder().maxBufferedStreams(1).build());
    limited.onStreamData(2, ByteBuffer.wrap(controlStream(CHROMIUM_SETTINGS)), false);
    limited.onStreamData(14, ByteBuffer.wrap(bytes("4054 08")), false);
    limited.onStreamData(18, ByteBuffer.wrap(bytes("4054 08")), false);
    assertTrue(port.stoppedSending(18, Http3ErrorCode.WEBTRANSPORT_BUFFERED_STREAM_REJECTED));
    assertFalse(port.stoppedSending(14, Http3ErrorCode.WEBTRANSPORT_BUFFERED_STREAM_REJECTED));
    // Session 8 is refused (wrong path): its held stream, and later ones, are gone.
    limited.onStreamData(8, ByteBuffer.wrap(connect("/elsewhere")), false);
    assertTrue(port.stoppedSending(14, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE));
    limited.onStreamData(22, ByteBuffer.wrap(bytes("4054 08")), false);
    assertTrue(port.stoppedSending(22, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE));
    assertFalse(limited.isClosed());
  }

  @Test
  void shouldRefuseAnUnknownUnidirectionalStreamTypeWithoutClosing() {
    sendSettingsAndQpackStreams(CHROMIUM_SETTINGS);
    send(14, bytes("21 0102030405"), false); // a grease stream type
    assertTrue(port.stoppedSending(14, Http3ErrorCode.H3_STREAM_CREATION_ERROR));
    assertFalse(server.isClosed());
  }

  @Test
  void shouldAnswerRequestsItCannotServe() {
    sendSettingsAndQpackStreams(CHROMIUM_SETTINGS);
    send(0, connect("/elsewhere"), false);
    send(4, connect("/moq", new HeaderField(":authority", "twice")), false);
    send(8, connect("/moq", new HeaderField("connection", "close")), false);
    send(
        12,
        BrowserLikeRequests.headers(
            new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "https"),
            new HeaderField(":authority", "a"),
            new HeaderField(":path", "/moq")),
        true);
    send(
        16,
        BrowserLikeRequests.headers(
            new HeaderField(":method", "CONNECT"),
            new HeaderField(":scheme", "https"),
            new HeaderField(":path", "/moq"),
            new HeaderField(":protocol", "webtransport")),
        false);
    assertEquals("404", responseOn(0).get(0).value());
    assertEquals("400", responseOn(4).get(0).value()); // pseudo-header after a field
    assertEquals("400", responseOn(8).get(0).value()); // connection-specific field
    assertEquals("405", responseOn(12).get(0).value());
    assertEquals("400", responseOn(16).get(0).value()); // no :authority
    for (long stream : new long[] {0, 4, 8, 12, 16}) {
      assertTrue(port.finished.contains(stream), "response ends the stream " + stream);
    }
    assertEquals(List.of(), events.events);
  }

  @Test
  void shouldAnswer400WhenTheClientsSettingsDoNotOfferWebTransport() {
    sendSettingsAndQpackStreams("33 01"); // datagrams, but no WebTransport setting
    send(0, connect("/moq"), false);
    assertEquals("400", responseOn(0).get(0).value());
  }
}
