package dev.moqbed.live.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.ServerCertificate;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A bulk upload on loopback that starts right after its handshake, on both stacks: quiche's
 * connection knows the peer's stream limit only a moment after the handshake, so the upload must
 * wait for the credit rather than give up (it once sent nothing at all on quiche).
 */
@Tag("network")
class BulkUploadNetworkTest {
  private static final InetSocketAddress ANY =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  @TempDir Path directory;

  @ParameterizedTest
  @ValueSource(strings = {"cubic", "quiche:cubic"})
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void shouldDeliverEveryByteWhenStartedAtTheHandshake(String controller) throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    LiveStack stack = LiveStack.of(LiveTransport.ofController(controller), controller);
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    try (BulkSink sink = BulkSink.start(stack, ANY, certificate);
        BulkUpload upload =
            BulkUpload.of(
                stack, sink.address(), ClientTrust.pinned(certificate.certificate()), 1_000_000)) {
      upload.start(0);
      assertEquals(1_000_000L, sink.received().get(20, TimeUnit.SECONDS));
      assertTrue(upload.startedMicros() > 0, "timed from its handshake");
    }
  }
}
