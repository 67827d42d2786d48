package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A connection whose output is reused ({@link QuicConnection#reuseOutput}) must send exactly the
 * bytes it sends without: the same transfer, with losses that make it resend, is run both ways and
 * every datagram the server sends is encoded at once and hashed. If a frame list or STREAM frame
 * went back to the pool while its record still needed it, a retransmission would carry other bytes
 * (or other offsets) and both the hash and the received bytes would differ.
 */
class OutputRecyclingTest {
  private static final int RESPONSE_BYTES = 3_000_000;

  @Test
  void aReusedOutputSendsTheSameBytesAsANewOneUnderLoss() {
    Transfer fresh = transfer(false);
    Transfer reused = transfer(true);
    byte[] expected = response();
    assertArrayEquals(expected, fresh.received, "without reuse");
    assertArrayEquals(expected, reused.received, "with reuse");
    assertTrue(fresh.dropped > 50, "losses to recover from: " + fresh.dropped);
    assertEquals(fresh.datagrams, reused.datagrams, "datagrams the server sent");
    assertArrayEquals(fresh.wireHash, reused.wireHash, "every byte the server sent");
  }

  @Test
  void reuseIsRefusedOnceADatagramLeft() {
    QuicConnection client =
        new QuicConnection(
            ConnectionConfig.picoquic(Role.CLIENT),
            1,
            0,
            0,
            ControllerRegistry.standard().parse("cubic"),
            new RandomStreams(1, 0).stream("c"),
            0);
    assertTrue(client.poll(0) != null, "the client's Initial");
    assertThrows(IllegalStateException.class, client::reuseOutput);
  }

  private static byte[] response() {
    byte[] bytes = new byte[RESPONSE_BYTES];
    new Random(7).nextBytes(bytes);
    return bytes;
  }

  private static Transfer transfer(boolean reuse) {
    long[] sent = {0};
    ConnectionPair pair =
        ConnectionPair.builder()
            .bitsPerSecond(100_000_000)
            .dropToClient(d -> ++sent[0] > 20 && sent[0] % 23 == 7)
            .build();
    VirtualScheduler scheduler = pair.scheduler;
    QuicConnection server = pair.server;
    QuicConnection client = pair.client;
    if (reuse) {
      server.reuseOutput();
    }
    byte[] response = response();
    server.setHandler(
        new ConnectionHandler() {
          @Override
          public void onReady(QuicConnection connection, long nowMicros) {
            long stream =
                connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
            connection.write(stream, ByteSlice.of(response));
            connection.finish(stream);
          }
        });
    Transfer transfer = new Transfer();
    client.setHandler(
        new ConnectionHandler() {
          @Override
          public void onStreamData(
              QuicConnection connection,
              long nowMicros,
              long streamId,
              long offset,
              int length,
              ByteSlice data,
              boolean fin) {
            if (data != null) {
              System.arraycopy(
                  data.array(), data.offset(), transfer.received, (int) offset, length);
            }
          }
        });
    // The server's datagrams go through the wire encoding before its path: a driver of our own.
    ConnectionDriver clientDriver = new ConnectionDriver(scheduler, client, pair.up);
    WireLink wire = new WireLink(pair.down, transfer);
    ConnectionDriver serverDriver = new ConnectionDriver(scheduler, server, wire);
    pair.up.connect(serverDriver);
    pair.down.connect(clientDriver);
    clientDriver.start();
    scheduler.runUntil(20_000_000);
    transfer.dropped = pair.down.dropped;
    transfer.wireHash = wire.digest.digest();
    return transfer;
  }

  private static final class Transfer {
    final byte[] received = new byte[RESPONSE_BYTES];
    long datagrams;
    long dropped;
    byte[] wireHash;
  }

  /** Encodes each server datagram at once, as the UDP driver does, hashes it, hands on a copy. */
  private static final class WireLink implements DatagramReceiver {
    private final NullProtectionWire wire = new NullProtectionWire();
    private final DatagramReceiver next;
    private final Transfer transfer;
    final MessageDigest digest;

    WireLink(DatagramReceiver next, Transfer transfer) {
      this.next = next;
      this.transfer = transfer;
      try {
        this.digest = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new AssertionError(e);
      }
    }

    @Override
    public void receive(long nowMicros, Datagram datagram) {
      ByteBuffer encoded = wire.encode(datagram);
      digest.update(encoded.duplicate());
      transfer.datagrams++;
      next.receive(nowMicros, wire.decode(encoded));
    }
  }
}
