package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PathView;
import org.junit.jupiter.api.Test;

/**
 * picoquic's {@code picoquic_process_lost_packet} checks the path MTU (a timer loss in the ready
 * state resets it to 1,252 bytes), then notifies the controller, and only then takes the packet out
 * of {@code bytes_in_transit}. BBR entering PTO recovery sets its window to {@code bytes_in_transit
 * + send_mtu}, so in picoquic that window holds the lost packet and the reset MTU: in {@code
 * wifi_bad} × bbr run 0 the server's window at its first probe timeout (63,420 µs) is 20,848 B in
 * picoquic (19,596 B in flight + 1,252), where the model used to give 19,784 B (the flight without
 * the lost 1,252 B packet + 1,440). Here every 1-RTT datagram of the server is lost once the path
 * carries full-size packets, so its probe timeout declares a packet lost.
 */
class ProbeTimeoutLossOrderTest {

  /** What the server's controller saw at its first timer loss and at the send that followed. */
  private static final class Recording extends FixedWindowController {
    private final PathView path;
    int lostBytes = -1;
    long flightAtLoss = -1;
    int mtuAtLoss = -1;
    long flightBeforeNextSend = -1;
    int mtuBeforeLoss;

    Recording(PathView path) {
      this.path = path;
    }

    @Override
    public void onPacketSent(
        long nowMicros,
        long packetNumber,
        int sizeBytes,
        long bytesInFlightBefore,
        boolean applicationLimited) {
      if (lostBytes < 0) {
        mtuBeforeLoss = path.maxDatagramSizeBytes();
      } else if (flightBeforeNextSend < 0) {
        flightBeforeNextSend = bytesInFlightBefore;
      }
    }

    @Override
    public void onPacketLost(long nowMicros, LossSample loss) {
      if (lostBytes < 0 && loss.trigger() == LossTrigger.TIMER) {
        lostBytes = loss.sizeBytes();
        flightAtLoss = path.bytesInFlight();
        mtuAtLoss = path.maxDatagramSizeBytes();
      }
    }
  }

  @Test
  void theControllerHearsOfATimerLossWithThePacketStillInFlightAndTheMtuReset() {
    Recording server = serverAtFirstProbeTimeout();
    assertTrue(server.lostBytes > 0, "the server's probe timeout declared a packet lost");
    assertEquals(1_440, server.mtuBeforeLoss, "the path carried full-size packets before");
    assertEquals(1_252, server.mtuAtLoss, "the MTU is reset before the controller hears");
    // The loss reports picoquic's packet length, without the AEAD tag; the flight counts the tag.
    assertEquals(
        server.flightBeforeNextSend + server.lostBytes + PacketAssembly.AEAD_TAG_BYTES,
        server.flightAtLoss,
        "the lost packet is still in flight when the controller hears of it");
  }

  private static Recording serverAtFirstProbeTimeout() {
    CreatedControllers<Recording> recording =
        new CreatedControllers<>(environment -> new Recording(environment.path()));
    ConnectionPair[] holder = new ConnectionPair[1];
    ConnectionPair pair =
        ConnectionPair.builder()
            .oneWayMicros(5_000)
            .serverControllers(recording)
            .clientControllers(recording)
            // Once the server's MTU is full-size, none of its datagrams reaches the client.
            .dropToClient(
                datagram ->
                    holder[0] != null
                        && holder[0].server.isReady()
                        && recording.first().path.maxDatagramSizeBytes() == 1_440)
            .build();
    holder[0] = pair;
    pair.server.setHandler(
        new ConnectionHandler() {
          @Override
          public void onReady(QuicConnection connection, long nowMicros) {
            long stream =
                connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
            connection.write(stream, ByteSlice.of(new byte[200_000]));
          }
        });
    pair.start();
    pair.runWhile(() -> recording.first().flightBeforeNextSend < 0, 2_000_000);
    return recording.first();
  }
}
