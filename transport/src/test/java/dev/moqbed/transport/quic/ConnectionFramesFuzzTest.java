package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.Arrays;
import java.util.List;

/**
 * A ready server of the project's stack receives any sequence of frames a hostile client could send
 * after the handshake ({@link FrameScript}): acknowledgments of anything, stream data at any offset
 * and of any id, resets, credits, connection ids, path probes, closes, datagrams. It never throws;
 * it stays ready, or it closes with a transport error code (or drains after the client's close).
 * The corpus holds the attacks of issue 30 as scripts ({@code ConnectionFramesSeeds}).
 */
class ConnectionFramesFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void processesAnyFrameSequence(byte[] input) {
    ReadyPair pair = new ReadyPair().withLiveLimits();
    pair.clientDeaf = true;
    List<List<Frame>> packets = FrameScript.read(input);
    for (List<Frame> frames : packets) {
      pair.inject(frames);
      pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 1_000);
    }
    pair.scheduler.runWhile(() -> true, pair.scheduler.nowMicros() + 100_000);
    QuicConnection.State state = pair.server.state();
    long code = pair.server.localCloseErrorCode();
    assertTrue(
        state == QuicConnection.State.READY || code < 0 || isTransportError(code),
        () -> state + " with code " + TransportErrorCode.describe(code) + " after " + packets);
  }

  private static boolean isTransportError(long code) {
    return Arrays.stream(TransportErrorCode.values()).anyMatch(known -> known.code() == code);
  }
}
