package dev.moqbed.webtransport.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A whole client-server exchange through an in-memory pair of the two state machines. */
class WebTransportExchangeTest {
  private final MemoryQuicPair pair = new MemoryQuicPair();
  private final RecordingListener clientEvents = new RecordingListener();
  private final RecordingListener serverEvents = new RecordingListener();

  private WebTransportClient client;
  private WebTransportServer server;

  private void connect(WebTransportConfig serverConfig) {
    client =
        new WebTransportClient(pair.client, clientEvents, WebTransportConfig.builder().build());
    server = new WebTransportServer(pair.server, serverEvents, serverConfig);
    pair.client.endpoint = client;
    pair.server.endpoint = server;
    server.start();
    client.start();
  }

  private WebTransportSession openSession() {
    connect(WebTransportConfig.builder().build());
    WebTransportSession session = client.connect("relay.example:4443", "/moq?x=1", "https://page");
    pair.run();
    return session;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void shouldOpenASessionAndAgreeOnDraft07() {
    WebTransportSession session = openSession();
    assertEquals(WebTransportSession.State.OPEN, session.state());
    assertEquals(List.of("opened 0 DRAFT_07"), clientEvents.events);
    assertEquals(List.of("opened 0 DRAFT_07"), serverEvents.events);
    WebTransportSession served = serverEvents.opened;
    assertEquals("relay.example:4443", served.authority());
    assertEquals("/moq?x=1", served.path());
    assertEquals("https://page", served.origin());
    assertEquals(WebTransportDraft.DRAFT_07, server.negotiatedDraft());
    assertFalse(server.isClosed());
  }

  @Test
  void shouldCarryStreamsBothWaysAndDatagrams() {
    WebTransportSession session = openSession();
    WebTransportSession served = serverEvents.opened;

    long upload = session.openUnidirectionalStream();
    session.write(upload, utf8("object 1"), true);
    long download = served.openUnidirectionalStream();
    served.write(download, utf8("group 7"), true);
    long request = session.openBidirectionalStream();
    session.write(request, utf8("ping"), false);
    pair.run();
    served.write(request, utf8("pong"), true);
    session.sendDatagram(utf8("audio up"));
    served.sendDatagram(utf8("audio down"));
    pair.run();

    assertEquals("object 1", serverEvents.text(upload));
    assertEquals("group 7", clientEvents.text(download));
    assertEquals("ping", serverEvents.text(request));
    assertEquals("pong", clientEvents.text(request));
    assertTrue(serverEvents.events.contains("incoming " + upload + " unidirectional"));
    assertTrue(serverEvents.events.contains("incoming " + request + " bidirectional"));
    assertTrue(clientEvents.events.contains("incoming " + download + " unidirectional"));
    assertEquals(List.of("audio up"), serverEvents.datagrams);
    assertEquals(List.of("audio down"), clientEvents.datagrams);
  }

  @Test
  void shouldAcceptAStreamWhoseBytesCameAfterThoseOfAHigherStream() {
    openSession();
    // QUIC opens streams of one kind in order but delivers their bytes in any order: the more
    // urgent stream 18 first, then stream 14 (the relay lost vmid's group 1 this way; 2, 6 and 10
    // are the client's HTTP/3 control and QPACK streams). Each starts with the WebTransport stream
    // type (0x54, a two-byte varint) and session id 0.
    server.onStreamData(18, ByteBuffer.wrap(uniStream("second")), true);
    server.onStreamData(14, ByteBuffer.wrap(uniStream("first")), true);

    assertEquals("second", serverEvents.text(18));
    assertEquals("first", serverEvents.text(14), "stream 14's bytes create its handler too");
    assertTrue(serverEvents.events.contains("fin 14"), serverEvents.events::toString);
  }

  private static byte[] uniStream(String text) {
    byte[] payload = utf8(text);
    byte[] stream = new byte[3 + payload.length];
    stream[0] = 0x40;
    stream[1] = 0x54;
    stream[2] = 0x00;
    System.arraycopy(payload, 0, stream, 3, payload.length);
    return stream;
  }

  @Test
  void shouldCloseWithTheCodeAndReasonOnBothSidesAndResetItsStreams() {
    WebTransportSession session = openSession();
    WebTransportSession served = serverEvents.opened;
    long open = served.openUnidirectionalStream();
    served.write(open, utf8("unfinished"), false);
    pair.run();

    session.close(42, "done");
    pair.run();

    assertEquals(WebTransportSession.State.CLOSED, session.state());
    assertEquals(WebTransportSession.State.CLOSED, served.state());
    assertTrue(serverEvents.events.contains("closed 0 42 done"), serverEvents.events::toString);
    assertTrue(clientEvents.events.contains("closed 0 42 done"), clientEvents.events::toString);
    assertTrue(pair.client.stoppedSending(open, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE));
    assertEquals(0, session.openStreamCount());
    assertNull(server.session(0));
    assertThrows(IllegalStateException.class, session::openUnidirectionalStream);
  }

  @Test
  void shouldReportThePeersCloseRatherThanTheResetsOfItsStreams() {
    WebTransportSession session = openSession();
    long unfinished = session.openUnidirectionalStream();
    session.write(unfinished, utf8("half a group"), false);
    pair.run();

    // The closing side resets its streams with WEBTRANSPORT_SESSION_GONE beside its capsule, and
    // the reset may arrive first: MoQT above must hear the session's close, not a reset of what
    // may be its control stream.
    server.onStreamReset(unfinished, Http3ErrorCode.WEBTRANSPORT_SESSION_GONE);
    assertEquals(WebTransportSession.State.OPEN, serverEvents.opened.state());
    session.close(42, "done");
    pair.run();

    assertTrue(serverEvents.events.contains("closed 0 42 done"), serverEvents.events::toString);
    assertTrue(
        serverEvents.events.stream().noneMatch(event -> event.startsWith("reset ")),
        serverEvents.events::toString);
  }

  @Test
  void shouldForgetStreamsOnceBothDirectionsEnded() {
    WebTransportSession session = openSession();
    WebTransportSession served = serverEvents.opened;
    int before = server.trackedStreamCount();
    for (int i = 0; i < 50; i++) {
      long stream = session.openUnidirectionalStream();
      session.write(stream, utf8("group " + i), true);
    }
    long bidirectional = session.openBidirectionalStream();
    session.write(bidirectional, utf8("q"), true);
    pair.run();
    served.write(bidirectional, utf8("a"), true);
    pair.run();

    assertEquals(before, server.trackedStreamCount());
    assertEquals(0, served.openStreamCount());
    assertEquals(0, session.openStreamCount());
  }

  @Test
  void shouldMapApplicationErrorCodesOfResetsAndStopSending() {
    WebTransportSession session = openSession();
    long stream = session.openBidirectionalStream();
    session.write(stream, utf8("x"), false);
    pair.run();
    serverEvents.opened.stopSending(stream, 7);
    session.resetStream(stream, 0x1e);
    pair.run();
    assertTrue(clientEvents.events.contains("stop " + stream + " 7"));
    assertTrue(serverEvents.events.contains("reset " + stream + " 30"));
  }

  @Test
  void shouldRefuseTheStreamPastThePerSessionLimitAndAcceptOneAfterAnEnds() {
    connect(WebTransportConfig.builder().maxIncomingStreamsPerSession(2).build());
    WebTransportSession session = client.connect("relay.example", "/moq", "");
    pair.run();
    long first = session.openUnidirectionalStream();
    long second = session.openUnidirectionalStream();
    long third = session.openUnidirectionalStream();
    pair.run();
    assertTrue(pair.server.stoppedSending(third, Http3ErrorCode.H3_REQUEST_REJECTED));
    assertFalse(pair.server.stoppedSending(second, Http3ErrorCode.H3_REQUEST_REJECTED));

    session.write(first, utf8("done"), true);
    pair.run();
    long fourth = session.openUnidirectionalStream();
    session.write(fourth, utf8("accepted"), false);
    pair.run();
    assertEquals("accepted", serverEvents.text(fourth));
  }

  @Test
  void shouldAnswer404ForAnotherPathAnd429PastTheSessionLimit() {
    connect(WebTransportConfig.builder().path("/moq").maxSessions(1).build());
    WebTransportSession wrongPath = client.connect("relay.example", "/other", "");
    pair.run();
    WebTransportSession first = client.connect("relay.example", "/moq", "");
    pair.run();
    WebTransportSession second = client.connect("relay.example", "/moq", "");
    pair.run();
    assertTrue(clientEvents.events.contains("refused " + wrongPath.id() + " 404"));
    assertEquals(WebTransportSession.State.OPEN, first.state());
    assertTrue(clientEvents.events.contains("refused " + second.id() + " 429"));
    assertEquals(WebTransportSession.State.CLOSED, second.state());
  }

  @Test
  void shouldTellThePeerOfADrain() {
    WebTransportSession session = openSession();
    serverEvents.opened.drain();
    pair.run();
    assertTrue(clientEvents.events.contains("draining 0"));
  }

  @Test
  void shouldEndSessionsWhenTheTransportCloses() {
    WebTransportSession session = openSession();
    client.onTransportClosed(0, "idle");
    assertEquals(WebTransportSession.State.CLOSED, session.state());
    assertTrue(clientEvents.events.contains("closed 0 0 idle"));
    assertTrue(clientEvents.events.contains("connection closed 0x0"));
  }
}
