package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.runtime.VirtualScheduler;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every kind of scenario item, end to end over an ideal path (100 Mbit/s, 30 ms RTT). */
class QuicperfTransferTest {

  private static List<ClientStream> streamsOf(QuicperfRun run, String id) {
    return run.client.streams().stream().filter(s -> s.itemId().equals(id)).toList();
  }

  @Test
  void shouldRunBatchDatagramAndStreamItemsWhenThePathIsIdeal() {
    QuicperfRun run =
        QuicperfRun.of("=b1:*2:397:50000;=a1:d50:p2:S:n50:80;=v:s30:p4:S:n70:1000:G30:I5000;")
            .run();
    QuicperfClient client = run.client;

    assertEquals(QuicperfClient.NO_ERROR, client.closeErrorCode());
    assertEquals(100_000, client.batchBytesReceived());
    for (ClientStream batch : streamsOf(run, "b1")) {
      assertEquals(50_000, batch.receivedBytes());
      assertTrue(batch.completedMicros() > 0);
    }
    assertEquals(50, client.stats("a1").count());
    assertEquals(70, client.stats("v").count());
    // Every stream ended by FIN, none abandoned.
    assertTrue(client.streams().stream().allMatch(s -> s.completedMicros() > 0));
    assertTrue(client.streams().stream().allMatch(s -> s.stopSentMicros() < 0));
    assertEquals(client.streams().size(), run.server.requests().size());
    // The connection closes when the last stream completes.
    long lastCompletion =
        client.streams().stream().mapToLong(ClientStream::completedMicros).max().orElseThrow();
    assertTrue(client.closedMicros() >= lastCompletion);
  }

  @Test
  void shouldOpenOneStreamPerGroupAtItsScheduledTime() {
    QuicperfRun run = QuicperfRun.of("=v:s30:p4:S:n70:1000:G30:I5000;").run();
    List<ClientStream> groups = streamsOf(run, "v");

    assertEquals(3, groups.size());
    long t0 = groups.get(0).startMicros();
    // ⌊30·10⁶/30⌋ = 1 s per group; the last group carries the 10 frames left.
    assertEquals(List.of(30L, 30L, 10L), groups.stream().map(ClientStream::frameCount).toList());
    for (int k = 0; k < 3; k++) {
      assertEquals(k, groups.get(k).group());
      assertEquals(t0 + k * 1_000_000L, groups.get(k).startMicros());
      assertEquals(groups.get(k).startMicros(), groups.get(k).openedMicros());
      assertEquals(groups.get(k).frameCount(), groups.get(k).framesReceived());
    }
    // Server side: one media-stream request per group, priority 4, started one way later.
    List<ServedRequest> requests = run.server.requests();
    assertEquals(3, requests.size());
    for (int k = 0; k < 3; k++) {
      ServedRequest request = requests.get(k);
      assertEquals(ServedRequest.Kind.MEDIA_STREAM, request.kind());
      assertEquals(4, request.priority());
      assertEquals(30, request.framesPerSecond());
      assertEquals(groups.get(k).streamId(), request.streamId());
      assertEquals(groups.get(k).frameCount(), request.frameCount());
      long oneWay = request.startMicros() - groups.get(k).openedMicros();
      assertTrue(oneWay >= 15_000 && oneWay < 16_000, "request took " + oneWay + " us");
    }
  }

  @Test
  void shouldGiveTheFirstFrameOfEachGroupTheIFrameSize() {
    QuicperfRun run = QuicperfRun.of("=v:s30:p4:S:n70:1000:G30:I5000;").run();
    FrameLog frames = run.client.frames();

    assertEquals(70, frames.size());
    int iFrames = 0;
    for (int r = 0; r < frames.size(); r++) {
      boolean first = frames.frameIndex(r) == 0;
      assertEquals(first ? FrameKind.I : FrameKind.P, frames.kind(r));
      assertEquals(first ? 5000 : 1000, frames.sizeBytes(r));
      iFrames += first ? 1 : 0;
    }
    assertEquals(3, iFrames);
  }

  @Test
  void shouldSendOneDatagramPerFrameWithTheRequestedPriority() {
    QuicperfRun run = QuicperfRun.of("=a1:d50:p2:S:n50:80;").run();
    FrameLog frames = run.client.frames();

    assertEquals(50, frames.size());
    for (int r = 0; r < frames.size(); r++) {
      assertEquals(FrameKind.AUDIO, frames.kind(r));
      assertEquals(80, frames.sizeBytes(r));
      assertEquals(r, frames.frameIndex(r));
    }
    ServedRequest request = run.server.requests().get(0);
    assertEquals(ServedRequest.Kind.MEDIA_DATAGRAM, request.kind());
    assertEquals(2, request.priority());
    assertEquals(50, request.frameCount());
    // The request stream ends one interval after the last datagram: FIN then close.
    ClientStream requestStream = run.client.streams().get(0);
    assertEquals(ClientStream.Kind.DATAGRAM_REQUEST, requestStream.kind());
    assertTrue(requestStream.completedMicros() >= requestStream.startMicros() + 1_000_000);
  }

  @Test
  void shouldCutDatagramsToTheReferenceBufferAndNoShorterThanTheirHeader() {
    QuicperfRun large = QuicperfRun.of("=a:d10:S:n5:3000;").run();
    QuicperfRun small = QuicperfRun.of("=a:d10:S:n5:4;").run();

    assertEquals(5, large.client.frames().size());
    assertEquals(1024, large.client.frames().sizeBytes(4));
    // stream id 0 (1 byte) + frame number (1 byte) + 8-byte time: 10 bytes, more than asked.
    assertEquals(10, small.client.frames().sizeBytes(4));
  }

  @Test
  void shouldServeTheHigherPriorityFlowFirstWhenThePathIsShort() {
    // Two 4.8 Mbit/s flows on 6 Mbit/s: priority 2 keeps its latency, priority 8 takes the queue.
    QuicperfRun run =
        QuicperfRun.of("=hi:s30:p2:S:n30:20000;=lo:s30:p8:S:n30:20000;")
            .bitsPerSecond(6_000_000)
            .run();

    LatencyStats high = run.client.stats("hi");
    LatencyStats low = run.client.stats("lo");
    assertEquals(30, high.count());
    assertEquals(30, low.count());
    assertTrue(
        high.averageMicros() * 4 < low.averageMicros(), "hi " + high + ", lo " + low + " (µs)");
  }

  @Test
  void shouldStopAnUnlimitedResponseAtItsSizeAndHaveItReset() {
    // A chained item keeps the connection open long enough for the server to see STOP_SENDING.
    QuicperfRun run = QuicperfRun.of("=b:397:-100000;=c:=b:397:1000;").run();
    ClientStream batch = run.client.streams().get(0);

    assertTrue(batch.receivedBytes() >= 100_000);
    assertTrue(batch.stopSentMicros() > 0);
    assertEquals(1, run.server.resetStreams());
    assertTrue(batch.resetReceivedMicros() > batch.stopSentMicros());
    assertEquals(1000, run.client.streams().get(1).receivedBytes());
    assertEquals(-1, run.server.requests().get(0).responseBytes());
    assertEquals(QuicperfClient.NO_ERROR, run.client.closeErrorCode());
  }

  @Test
  void shouldRejectItemsTheReferenceCannotRun() {
    VirtualScheduler scheduler = new VirtualScheduler();
    assertThrows(
        IllegalArgumentException.class,
        () -> new QuicperfClient(MediaSpec.parse("=v:s30:C:n10:1000;"), scheduler));
    assertThrows(
        IllegalArgumentException.class,
        () -> new QuicperfClient(MediaSpec.parse("=b:7:1000;"), scheduler));
    assertThrows(
        IllegalArgumentException.class,
        () -> new QuicperfClient(MediaSpec.parse("=v:s30:n10:1000:I16777216;"), scheduler));
  }
}
