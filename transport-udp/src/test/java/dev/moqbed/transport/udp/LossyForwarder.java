package dev.moqbed.transport.udp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A UDP proxy between one client and a server that drops and reorders datagrams, from a seeded
 * generator: a datagram is dropped with probability {@code dropPercent}, or held back with
 * probability {@code reorderPercent} and sent after the next one in the same direction.
 */
final class LossyForwarder implements AutoCloseable {
  private final DatagramSocket socket;
  private final InetSocketAddress server;
  private final SplittableRandom random;
  private final int dropPercent;
  private final int reorderPercent;
  private final Thread thread;
  private final AtomicLong forwarded = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong reordered = new AtomicLong();
  private volatile boolean running = true;
  private volatile boolean healed;
  private SocketAddress client;
  private DatagramPacket heldToServer;
  private DatagramPacket heldToClient;

  LossyForwarder(InetSocketAddress server, long seed, int dropPercent, int reorderPercent)
      throws IOException {
    this.socket = new DatagramSocket(0, server.getAddress());
    this.socket.setSoTimeout(50);
    this.socket.setReceiveBufferSize(4 << 20);
    this.server = server;
    this.random = new SplittableRandom(seed);
    this.dropPercent = dropPercent;
    this.reorderPercent = reorderPercent;
    this.thread = new Thread(this::run, "lossy-forwarder");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * From now on forwards everything in order: for a test's close, since a lost CONNECTION_CLOSE is
   * repeated only when the peer sends again (RFC 9000 §10.2.1), and an idle peer never does.
   */
  void heal() {
    healed = true;
  }

  InetSocketAddress address() {
    return (InetSocketAddress) socket.getLocalSocketAddress();
  }

  long forwarded() {
    return forwarded.get();
  }

  long dropped() {
    return dropped.get();
  }

  long reordered() {
    return reordered.get();
  }

  private void run() {
    byte[] buffer = new byte[2048];
    while (running) {
      DatagramPacket received = new DatagramPacket(buffer, buffer.length);
      try {
        socket.receive(received);
      } catch (SocketTimeoutException e) {
        continue;
      } catch (IOException e) {
        return; // closed
      }
      boolean fromServer = received.getSocketAddress().equals(server);
      if (!fromServer) {
        client = received.getSocketAddress();
      }
      SocketAddress to = fromServer ? client : server;
      if (to == null) {
        continue;
      }
      byte[] copy = java.util.Arrays.copyOf(received.getData(), received.getLength());
      forward(new DatagramPacket(copy, copy.length, to), fromServer);
    }
  }

  private void forward(DatagramPacket packet, boolean toClient) {
    int draw = random.nextInt(100);
    if (!healed && draw < dropPercent) {
      dropped.incrementAndGet();
      return;
    }
    DatagramPacket held = toClient ? heldToClient : heldToServer;
    if (!healed && held == null && draw < dropPercent + reorderPercent) {
      reordered.incrementAndGet();
      if (toClient) {
        heldToClient = packet;
      } else {
        heldToServer = packet;
      }
      return;
    }
    send(packet);
    if (held != null) {
      send(held);
      if (toClient) {
        heldToClient = null;
      } else {
        heldToServer = null;
      }
    }
  }

  private void send(DatagramPacket packet) {
    try {
      socket.send(packet);
      forwarded.incrementAndGet();
    } catch (IOException e) {
      // the socket closed under us: the test is over
    }
  }

  @Override
  public void close() {
    running = false;
    socket.close();
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
