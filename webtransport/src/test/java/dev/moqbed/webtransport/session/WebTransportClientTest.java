package dev.moqbed.webtransport.session;

import static dev.moqbed.webtransport.Hex.bytes;
import static dev.moqbed.webtransport.session.BrowserLikeRequests.controlStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3FrameLimits;
import dev.moqbed.webtransport.http3.Http3FrameReader;
import dev.moqbed.webtransport.qpack.HeaderField;
import dev.moqbed.webtransport.qpack.QpackDecoder;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The client against servers played byte by byte. */
class WebTransportClientTest {
  private final RecordingPort port = new RecordingPort(false);
  private final RecordingListener events = new RecordingListener();
  private final WebTransportClient client =
      new WebTransportClient(port, events, WebTransportConfig.builder().build());

  @Test
  void shouldSendItsRequestOnlyOnceTheServerOffersWebTransport() {
    client.start();
    WebTransportSession session = client.connect("relay.example:443", "/moq", "");
    assertEquals(0, port.bytes(0).remaining());
    // A moq-relay-like server: extended CONNECT, both datagram codes, draft-02 and draft-07.
    client.onStreamData(
        3,
        ByteBuffer.wrap(controlStream("08 01 33 01 80ffd277 01 ab603742 01 c0000000c671706a 01")),
        false);
    Http3FrameReader reader = new Http3FrameReader(Http3FrameLimits.DEFAULT);
    reader.append(port.bytes(0));
    List<HeaderField> request = new QpackDecoder(4096).decode(reader.next().payload());
    assertEquals(
        List.of(
            new HeaderField(":method", "CONNECT"),
            new HeaderField(":scheme", "https"),
            new HeaderField(":authority", "relay.example:443"),
            new HeaderField(":path", "/moq"),
            new HeaderField(":protocol", "webtransport")),
        request);
    assertEquals(WebTransportDraft.DRAFT_07, client.negotiatedDraft());
    assertEquals(WebTransportSession.State.CONNECTING, session.state());

    client.onStreamData(
        0, ByteBuffer.wrap(BrowserLikeRequests.headers(new HeaderField(":status", "100"))), false);
    assertEquals(WebTransportSession.State.CONNECTING, session.state());
    client.onStreamData(
        0, ByteBuffer.wrap(BrowserLikeRequests.headers(new HeaderField(":status", "200"))), false);
    assertEquals(WebTransportSession.State.OPEN, session.state());
  }

  @Test
  void shouldGiveUpWhenTheServerDoesNotOfferWebTransport() {
    WebTransportSession session = client.connect("relay.example", "/moq", "");
    client.onStreamData(3, ByteBuffer.wrap(controlStream("33 01")), false);
    assertEquals(List.of("refused 0 0"), events.events);
    assertEquals(WebTransportSession.State.CLOSED, session.state());
    assertTrue(
        port.resets.stream()
            .anyMatch(r -> r[0] == 0 && r[1] == Http3ErrorCode.H3_REQUEST_CANCELLED));
  }

  @Test
  void shouldRefuseABidirectionalStreamFromTheServerThatIsNotWebTransport() {
    client.onStreamData(3, ByteBuffer.wrap(controlStream("08 01 33 01 ab603742 01")), false);
    client.onStreamData(1, ByteBuffer.wrap(bytes("01 00")), false);
    assertEquals(Http3ErrorCode.H3_STREAM_CREATION_ERROR, port.closeCode);
  }
}
