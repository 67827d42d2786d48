package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.ForwardingConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link ConnectionHandler#onStreamBytesSent}: the moment stream bytes go into a packet. */
class StreamBytesSentTest {

  /** A batch server that also records every report of new stream bytes packed. */
  private static final class RecordingServer extends ForwardingConnectionHandler {
    final List<Long> offsets = new ArrayList<>();
    final List<Long> times = new ArrayList<>();

    RecordingServer() {
      super(new BatchServer());
    }

    @Override
    public void onStreamBytesSent(
        QuicConnection connection, long nowMicros, long streamId, long sentBytes) {
      offsets.add(sentBytes);
      times.add(nowMicros);
    }
  }

  private static RecordingServer run(long responseBytes, int lossPercent) {
    SplittableRandom loss = new SplittableRandom(3);
    ConnectionPair pair =
        ConnectionPair.builder().dropToClient(d -> loss.nextInt(100) < lossPercent).build();
    BatchClient batch = new BatchClient(397, responseBytes);
    RecordingServer recording = new RecordingServer();
    pair.client.setHandler(batch);
    pair.server.setHandler(recording);
    pair.start().runWhile(() -> batch.closedMicros() < 0, 60_000_000);
    assertEquals(responseBytes, batch.receivedBytes());
    assertEquals(lossPercent > 0, pair.server.stats().packetsLost() > 0);
    return recording;
  }

  @Test
  void shouldReportEachNewStreamFrameOnceWithItsEndOffset() {
    RecordingServer server = run(100_000, 0);

    assertEquals(100_000L, server.offsets.get(server.offsets.size() - 1));
    for (int i = 1; i < server.offsets.size(); i++) {
      assertTrue(server.offsets.get(i) > server.offsets.get(i - 1), "offset " + i);
      assertTrue(server.times.get(i) >= server.times.get(i - 1));
    }
    // About one report per full packet (1,440-byte datagrams carry ~1,400 stream bytes).
    assertTrue(server.offsets.size() >= 70 && server.offsets.size() < 110, server.offsets + "");
  }

  @Test
  void shouldNotReportResentBytes() {
    RecordingServer server = run(300_000, 5);

    for (int i = 1; i < server.offsets.size(); i++) {
      assertTrue(server.offsets.get(i) > server.offsets.get(i - 1), "offset " + i);
    }
    assertEquals(300_000L, server.offsets.get(server.offsets.size() - 1));
  }
}
