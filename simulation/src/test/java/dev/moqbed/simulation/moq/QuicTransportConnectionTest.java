package dev.moqbed.simulation.moq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netsim.NetworkConfig;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.simulation.Simulation;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.session.QuicTransportConnection;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The session interface over two QUIC model connections on the media scenario's link. */
class QuicTransportConnectionTest {
  private final Simulation simulation =
      new Simulation(
          NetworkConfig.builder(
              ScenarioCatalog.standard().resolve("media", "c4").spec().linkSchedule()),
          1,
          0);
  private final Simulation.ConnectionPair pair =
      simulation.addConnection(
          ControllerRegistry.standard().parse("c4"),
          new ConnectionHandler() {},
          new ConnectionHandler() {},
          0);
  private final QuicTransportConnection client = new QuicTransportConnection(pair.client(), "s");
  private final QuicTransportConnection server = new QuicTransportConnection(pair.server(), "c");
  private final List<String> events = new ArrayList<>();

  /** Records a stream's events as text. */
  private ReceiveStreamListener recorder(String name) {
    return new ReceiveStreamListener() {
      @Override
      public void onData(ByteBuffer bytes) {
        events.add(name + " data " + bytes.remaining());
      }

      @Override
      public void onFinished() {
        events.add(name + " fin");
      }

      @Override
      public void onReset(long errorCode) {
        events.add(name + " reset " + errorCode);
      }
    };
  }

  private abstract static class Listener implements TransportListener {
    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {}
  }

  @Test
  void shouldAnnounceThePeersBidirectionalStreamAndCarryBothDirectionsWhenClientOpensIt() {
    client.setListener(new Listener() {});
    server.setListener(
        new Listener() {
          @Override
          public void onBidirectionalStream(BidirectionalStream stream) {
            events.add("server stream " + stream.send().id());
            stream.receive().setListener(recorder("server"));
            stream.send().write(ByteBuffer.wrap(new byte[3000]));
            stream.send().finish();
          }
        });
    client.whenReady(
        () -> {
          BidirectionalStream control = client.openBidirectionalStream();
          control.receive().setListener(recorder("client"));
          control.send().write(ByteBuffer.wrap("hello".getBytes(StandardCharsets.US_ASCII)));
        });
    simulation.runWhile(() -> events.size() < 4, 2_000_000);

    assertEquals("server stream 0", events.get(0));
    assertEquals("server data 5", events.get(1));
    simulation.runWhile(() -> !events.contains("client fin"), 2_000_000);
    long clientBytes =
        events.stream()
            .filter(e -> e.startsWith("client data"))
            .mapToLong(e -> Long.parseLong(e.substring(12)))
            .sum();
    assertEquals(3000, clientBytes);
    assertEquals("client fin", events.get(events.size() - 1));
  }

  @Test
  void shouldForgetASendStreamOnceTheConnectionRetiresIt() {
    int[] fins = {0};
    server.setListener(new Listener() {});
    client.setListener(
        new Listener() {
          @Override
          public void onUnidirectionalStream(ReceiveStream stream) {
            stream.setListener(
                new ReceiveStreamListener() {
                  @Override
                  public void onData(ByteBuffer bytes) {}

                  @Override
                  public void onFinished() {
                    fins[0]++;
                  }

                  @Override
                  public void onReset(long errorCode) {}
                });
          }
        });
    server.whenReady(
        () -> {
          for (int i = 0; i < 50; i++) { // a relay's stream per subgroup
            SendStream stream = server.openUnidirectionalStream(3);
            stream.write(ByteBuffer.wrap(new byte[500]));
            stream.finish();
          }
          assertEquals(50, server.sendStreamsKept());
        });
    simulation.runWhile(() -> fins[0] < 50, 2_000_000);
    // The client's ACKs of the last frames reach the server.
    simulation.runWhile(() -> server.sendStreamsKept() > 0, simulation.nowMicros() + 1_000_000);

    assertEquals(50, fins[0]);
    assertEquals(0, server.sendStreamsKept());
  }

  @Test
  void shouldTellTheSenderAndCloseTheStreamWhenThePeerStopsSending() {
    long[] stopCode = {-1};
    server.setListener(new Listener() {});
    client.setListener(
        new Listener() {
          @Override
          public void onUnidirectionalStream(ReceiveStream stream) {
            events.add("stream " + stream.id());
            stream.setListener(recorder("client"));
            stream.stopSending(7);
          }
        });
    SendStream[] sent = new SendStream[1];
    server.whenReady(
        () -> {
          SendStream stream = server.openUnidirectionalStream(3);
          stream.setListener(
              new SendStreamListener() {
                @Override
                public void onStopSending(long errorCode) {
                  stopCode[0] = errorCode;
                }
              });
          stream.write(ByteBuffer.wrap(new byte[200_000]));
          assertFalse(stream.isWritable(), "200 kB wait unsent: above the 64 KiB limit");
          sent[0] = stream;
        });
    simulation.runWhile(() -> stopCode[0] < 0, 2_000_000);

    assertEquals(7, stopCode[0]);
    assertTrue(sent[0].isClosed());
    assertEquals("stream 3", events.get(0), "the server's first unidirectional stream");
    assertEquals(1, events.size(), "no bytes after STOP_SENDING, and no RESET: " + events);
    simulation.runWhile(() -> true, simulation.nowMicros() + 200_000);
    assertEquals(1, events.size(), events.toString());
  }

  /** The session hears why its peer closed: the reason travels in the CONNECTION_CLOSE. */
  @Test
  void shouldCarryAHandedOverDatagramWithoutACopyAndACopyOfASentOne() {
    List<ByteBuffer> delivered = new ArrayList<>();
    byte[] handedOver = "handed over".getBytes(StandardCharsets.US_ASCII);
    byte[] sent = "sent".getBytes(StandardCharsets.US_ASCII);
    server.setListener(new Listener() {});
    client.setListener(
        new Listener() {
          @Override
          public void onDatagram(ByteBuffer payload) {
            delivered.add(payload);
          }
        });
    boolean[] accepted = new boolean[2];
    server.whenReady(
        () -> {
          accepted[0] = server.handOverDatagram(handedOver);
          accepted[1] = server.sendDatagram(sent);
          sent[0] = 'S'; // the caller may reuse what it sent
        });
    simulation.runWhile(() -> delivered.size() < 2, 2_000_000);
    assertTrue(accepted[0] && accepted[1]);
    // The simulator carries packets by reference: the frame holds the sender's array itself.
    assertSame(handedOver, delivered.get(0).array(), "the handed-over array, not a copy");
    assertEquals(ByteBuffer.wrap("sent".getBytes(StandardCharsets.US_ASCII)), delivered.get(1));
  }

  @Test
  void shouldGiveTheSessionThePeersReasonForClosing() {
    String[] heard = new String[1];
    server.setListener(new Listener() {});
    client.setListener(
        new Listener() {
          @Override
          public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
            heard[0] = applicationErrorCode + " " + reason + " " + byPeer;
          }
        });
    server.whenReady(() -> server.close(0x16, "unauthorized: CLIENT_SETUP token malformed"));
    simulation.runWhile(() -> heard[0] == null, 2_000_000);
    assertEquals("22 unauthorized: CLIENT_SETUP token malformed true", heard[0]);
  }
}
