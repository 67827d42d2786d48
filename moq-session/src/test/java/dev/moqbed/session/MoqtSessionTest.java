package dev.moqbed.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.memory.MemoryConnection;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.TransportListener;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MoqtSession over the in-memory connection pair: setup, control, subgroups, datagrams, errors. */
class MoqtSessionTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final MoqtCodec CODEC = MoqtCodecs.create(VERSION, MoqtLimits.DEFAULT);

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final MemoryTransport.Pair pair =
      MemoryTransport.pair(scheduler, MemoryLink.ofDelay(5_000), MemoryLink.ofDelay(5_000), "test");
  private final RecordingListener client = new RecordingListener();
  private final RecordingListener server = new RecordingListener();

  private void connect() {
    MoqtSession.server(pair.server(), server, VERSION);
    MoqtSession.client(pair.client(), client, VERSION);
    scheduler.runAll();
  }

  @Test
  void shouldBeReadyOnBothSidesOneRoundTripAfterClientSetup() {
    MoqtSession.server(pair.server(), server, VERSION);
    MoqtSession.client(pair.client(), client, VERSION);
    scheduler.runUntil(4_999);
    assertNull(server.session);
    scheduler.runUntil(5_000);
    assertNotNull(server.session, "CLIENT_SETUP arrives after one one-way delay");
    assertNull(client.session);
    scheduler.runUntil(10_000);
    assertNotNull(client.session, "SERVER_SETUP arrives one delay later");
    assertEquals(MoqtSession.Side.SERVER, server.session.side());
    assertTrue(client.session.isReady());
  }

  @Test
  void shouldAllocateEvenRequestIdsOnClientAndOddOnServer() {
    connect();
    assertEquals(0, client.session.nextRequestId());
    assertEquals(2, client.session.nextRequestId());
    assertEquals(1, server.session.nextRequestId());
    assertEquals(3, server.session.nextRequestId());
  }

  @Test
  void shouldDeliverControlMessagesInOrder() {
    connect();
    client.session.send(new PublishNamespaceOk(7));
    client.session.send(new Unsubscribe(9));
    scheduler.runAll();
    assertEquals(List.of(new PublishNamespaceOk(7), new Unsubscribe(9)), server.messages);
  }

  @Test
  void shouldDeliverSubgroupObjectsThenEndWhenWriterFinishes() {
    connect();
    SubgroupHeader header = SubgroupHeader.of(4, 12, 0, 6).withExtensions(true);
    SubgroupWriter writer = server.session.openSubgroup(header, 6);
    KeyValuePairs stamp = KeyValuePairs.of(ObjectExtension.captureTimestamp(123_456));
    SubgroupObject first =
        new SubgroupObject(0, dev.moqbed.media.moqt.ObjectStatus.NORMAL, stamp, bytes(5000));
    SubgroupObject second =
        new SubgroupObject(1, dev.moqbed.media.moqt.ObjectStatus.NORMAL, stamp, bytes(3));
    writer.write(first);
    writer.write(second);
    writer.finish();
    scheduler.runAll();

    assertEquals(
        List.of("ready", "started group 12", "object 12/0", "object 12/1", "ended group 12 fin"),
        client.events);
    assertEquals(List.of(first, second), client.objects);
    SubgroupHeader received = client.readers.get(0).header();
    assertEquals(4, received.trackAlias());
    assertEquals(6, received.publisherPriority());
    assertEquals(
        123_456, ObjectExtension.captureTimeMicros(client.objects.get(0).extensions()).getAsLong());
  }

  @Test
  void shouldReportResetWithPeerCodeWhenWriterResets() {
    connect();
    SubgroupWriter writer = server.session.openSubgroup(SubgroupHeader.of(1, 3, 0, 4), 4);
    writer.write(SubgroupObject.of(0, bytes(10)));
    scheduler.runAll();
    writer.reset(0x2);
    scheduler.runAll();
    assertEquals("ended group 3 reset 2", client.events.get(client.events.size() - 1));
  }

  @Test
  void shouldTellWriterOfStopSendingWithCodeAndDeliverNothingMore() {
    connect();
    SubgroupWriter writer = server.session.openSubgroup(SubgroupHeader.of(1, 3, 0, 4), 4);
    long[] stopCode = {-2};
    writer.setListener((w, code) -> stopCode[0] = code);
    writer.write(SubgroupObject.of(0, bytes(10)));
    scheduler.runAll();
    client.readers.get(0).stopSending(0x2);
    writer.write(SubgroupObject.of(1, bytes(10)));
    scheduler.runAll();

    assertEquals(0x2, stopCode[0]);
    assertTrue(writer.isStoppedByPeer());
    assertFalse(writer.isWritable());
    assertEquals(1, client.objects.size(), "nothing after STOP_SENDING reaches the role");
    assertFalse(
        client.events.stream().anyMatch(e -> e.startsWith("ended")), client.events.toString());
  }

  @Test
  void shouldDeliverObjectDatagram() {
    connect();
    ObjectDatagram datagram =
        ObjectDatagram.of(
            2, 41, 0, 2, KeyValuePairs.of(ObjectExtension.captureTimestamp(99)), bytes(80));
    assertTrue(server.session.sendDatagram(datagram));
    scheduler.runAll();
    assertEquals(List.of(datagram), client.datagrams);
  }

  @Test
  void shouldDeliverADatagramUnderTheAliasTheSenderGives() {
    connect();
    KeyValuePairs stamp = KeyValuePairs.of(ObjectExtension.captureTimestamp(99));
    ObjectDatagram upstream = ObjectDatagram.of(7, 41, 3, 2, stamp, bytes(80));
    assertTrue(server.session.sendDatagram(upstream, 300));
    scheduler.runAll();
    assertEquals(List.of(ObjectDatagram.of(300, 41, 3, 2, stamp, bytes(80))), client.datagrams);
  }

  @Test
  void shouldRefuseDatagramLargerThanThePathCarries() {
    connect();
    ObjectDatagram datagram = ObjectDatagram.of(2, 41, 0, 2, KeyValuePairs.NONE, bytes(2000));
    assertFalse(server.session.sendDatagram(datagram));
  }

  @Test
  void shouldCloseBothSidesWhenOneCloses() {
    connect();
    client.session.close(SessionError.NO_ERROR, "bye");
    scheduler.runAll();
    assertEquals(new SessionClose(0, "bye", false, false), client.close);
    assertEquals(new SessionClose(0, "bye", true, false), server.close);
    assertTrue(server.session.isClosed());
  }

  @Test
  void shouldCloseWithProtocolViolationWhenControlStreamCarriesGarbage() {
    MoqtSession.server(pair.server(), server, VERSION);
    RawPeer peer = new RawPeer(pair.client());
    BidirectionalStream control = pair.client().openBidirectionalStream();
    // Type 0x20 (CLIENT_SETUP) claiming 3 bytes, then a version count larger than the bytes left.
    control.send().write(ByteBuffer.wrap(new byte[] {0x20, 0x00, 0x03, 0x3f, 0x01, 0x02}));
    scheduler.runAll();

    assertTrue(server.close.protocolViolation(), String.valueOf(server.close));
    assertEquals(SessionError.PROTOCOL_VIOLATION.code(), server.close.code());
    assertEquals(SessionError.PROTOCOL_VIOLATION.code(), peer.closeCode);
  }

  @Test
  void shouldCloseWithProtocolViolationWhenFirstMessageIsNotClientSetup() {
    MoqtSession.server(pair.server(), server, VERSION);
    RawPeer peer = new RawPeer(pair.client());
    BidirectionalStream control = pair.client().openBidirectionalStream();
    control.send().write(encode(new Unsubscribe(0)));
    scheduler.runAll();

    assertEquals(SessionError.PROTOCOL_VIOLATION.code(), peer.closeCode);
    assertTrue(server.close.reason().contains("expected CLIENT_SETUP"), server.close.reason());
    assertFalse(server.events.contains("ready"));
  }

  @Test
  void shouldCloseWithVersionNegotiationFailedWhenNoVersionIsShared() {
    MoqtSession.server(pair.server(), server, VERSION);
    RawPeer peer = new RawPeer(pair.client());
    BidirectionalStream control = pair.client().openBidirectionalStream();
    control.send().write(encode(new ClientSetup(List.of(0xff000010L), KeyValuePairs.NONE)));
    scheduler.runAll();

    assertEquals(SessionError.VERSION_NEGOTIATION_FAILED.code(), peer.closeCode);
  }

  @Test
  void shouldCloseWithProtocolViolationWhenSubgroupStreamIsMalformed() {
    connect();
    // A raw unidirectional stream from the server side whose first byte is no stream type.
    SendStream raw = pair.server().openUnidirectionalStream(0);
    raw.write(ByteBuffer.wrap(new byte[] {0x3f, 0x00, 0x00}));
    scheduler.runAll();

    assertTrue(client.close.protocolViolation(), String.valueOf(client.close));
    assertEquals(SessionError.PROTOCOL_VIOLATION.code(), client.close.code());
  }

  @Test
  void shouldCloseWithProtocolViolationWhenPeerOpensSecondControlStream() {
    connect();
    pair.client().openBidirectionalStream().send().write(ByteBuffer.wrap(new byte[] {0x0a}));
    scheduler.runAll();
    assertTrue(server.close.protocolViolation());
  }

  private static ByteBuffer encode(dev.moqbed.media.moqt.ControlMessage message) {
    WireWriter writer = CODEC.newWriter();
    CODEC.encodeControl(message, writer);
    return writer.view();
  }

  private static ByteString bytes(int size) {
    byte[] payload = new byte[size];
    for (int i = 0; i < size; i++) {
      payload[i] = (byte) i;
    }
    return ByteString.wrapOwned(payload);
  }

  /** A connection end with no MoqtSession on it: writes raw bytes, records the close code. */
  private static final class RawPeer implements TransportListener {
    long closeCode = -2;
    final List<ReceiveStream> streams = new ArrayList<>();

    RawPeer(MemoryConnection connection) {
      connection.setListener(this);
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {
      streams.add(stream.receive());
    }

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {
      streams.add(stream);
    }

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
      closeCode = applicationErrorCode;
    }
  }
}
