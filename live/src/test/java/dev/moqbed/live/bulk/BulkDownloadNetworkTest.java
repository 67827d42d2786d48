package dev.moqbed.live.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.ReceiveStreamListener;
import dev.moqbed.session.transport.TransportListener;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk download on loopback over the project's stack: the source's configured size arrives whole
 * and is timed, and a peer that asks with a request over the limit gets nothing and is closed.
 */
@Tag("network")
class BulkDownloadNetworkTest {
  private static final LiveStack CUBIC = LiveStack.of(LiveTransport.MOQBED, "cubic");
  private static final InetSocketAddress ANY =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  @TempDir Path directory;

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void shouldReceiveTheSourcesBytesAndTimeThem() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    try (BulkSource source = BulkSource.start(CUBIC, ANY, certificate, 2_000_000);
        BulkDownload download =
            BulkDownload.of(
                CUBIC,
                source.address(),
                ClientTrust.pinned(certificate.certificate()),
                397,
                2_000_000)) {
      download.start(0);
      assertEquals(2_000_000L, download.done().get(20, TimeUnit.SECONDS));
      assertTrue(download.completionMicros() > 0, "timed: " + download.completionMicros());
      assertEquals(2_000_000L, download.bytesSoFar());
    }
  }

  /**
   * The download's first datagram leaves at its start, not when it is made: a connection opened
   * early would idle until the start, time out its ACK-only packets and begin with a collapsed
   * window (the live NewReno download on the Wi-Fi link took twice the simulated time).
   */
  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void shouldConnectOnlyAtItsStart() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    try (DatagramSocket source = new DatagramSocket(ANY);
        BulkDownload download =
            BulkDownload.of(
                CUBIC,
                (InetSocketAddress) source.getLocalSocketAddress(),
                ClientTrust.pinned(certificate.certificate()),
                397,
                2_000_000)) {
      long asked = System.nanoTime();
      download.start(600_000);
      DatagramPacket first = new DatagramPacket(new byte[2048], 2048);
      source.setSoTimeout(10_000);
      source.receive(first);
      long waitedMicros = (System.nanoTime() - asked) / 1_000;
      assertTrue(waitedMicros >= 600_000, "first datagram after " + waitedMicros + " us");
      assertTrue(download.startedMicros() > 0, "the handshake's start is its start time");
      assertTrue(first.getLength() >= 1200, "a client Initial: " + first.getLength() + " B");
    }
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void shouldCloseOnARequestOverTheLimitWithoutSendingAByte() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate = ServerCertificate.selfSigned(directory);
    AtomicLong received = new AtomicLong();
    CompletableFuture<String> ended = new CompletableFuture<>();
    try (BulkSource source = BulkSource.start(CUBIC, ANY, certificate, 2_000_000);
        ClientEndpoint client =
            CUBIC.connect(
                source.address(),
                "localhost",
                ClientTrust.pinned(certificate.certificate()),
                BulkUpload.ALPN,
                connection -> {
                  connection.transport().setListener(new Silent(ended));
                  BidirectionalStream stream = connection.transport().openBidirectionalStream();
                  stream
                      .receive()
                      .setListener(
                          new ReceiveStreamListener() {
                            @Override
                            public void onData(ByteBuffer data) {
                              received.addAndGet(data.remaining());
                              data.position(data.limit());
                            }

                            @Override
                            public void onFinished() {
                              ended.complete("finished");
                            }

                            @Override
                            public void onReset(long errorCode) {
                              ended.complete("reset");
                            }
                          });
                  stream.send().write(ByteBuffer.allocate(BulkSource.MAX_REQUEST_BYTES + 1));
                  stream.send().finish();
                },
                null)) {
      // the code arrives; the project's stack does not carry the reason phrase
      String end = ended.get(20, TimeUnit.SECONDS);
      assertTrue(end.startsWith("closed " + BulkSource.REFUSED + ":"), end);
      assertEquals(0, received.get(), "no answer to a request over the limit");
      assertTrue(!client.isConnected() || ended.isDone(), "the source ended the connection");
    }
  }

  /** The test's client ignores what the source might open, and notes how the connection ended. */
  private static final class Silent implements TransportListener {
    private final CompletableFuture<String> ended;

    Silent(CompletableFuture<String> ended) {
      this.ended = ended;
    }

    @Override
    public void onBidirectionalStream(BidirectionalStream stream) {}

    @Override
    public void onUnidirectionalStream(ReceiveStream stream) {}

    @Override
    public void onDatagram(ByteBuffer payload) {}

    @Override
    public void onClosed(long applicationErrorCode, String reason, boolean byPeer) {
      ended.complete("closed " + applicationErrorCode + ": " + reason);
    }
  }
}
