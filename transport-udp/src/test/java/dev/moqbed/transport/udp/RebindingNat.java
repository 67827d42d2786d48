package dev.moqbed.transport.udp;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A NAT in front of one client on loopback: the client sends to {@link #address()}, and the server
 * sees the datagrams come from the NAT's current outside socket; {@link #rebind()} moves the client
 * to a new outside port, as a NAT that forgets a mapping does. Answers to any outside socket go
 * back to the client.
 */
final class RebindingNat implements AutoCloseable {
  private final DatagramSocket inside;
  private final InetSocketAddress server;
  private final List<DatagramSocket> outsides = new CopyOnWriteArrayList<>();
  private final List<Thread> threads = new CopyOnWriteArrayList<>();
  private volatile DatagramSocket outside;
  private volatile SocketAddress client;
  private volatile boolean running = true;

  RebindingNat(InetSocketAddress server) throws IOException {
    this.server = server;
    this.inside = open();
    start(this::toServer, "nat-inside");
    rebind();
  }

  InetSocketAddress address() {
    return (InetSocketAddress) inside.getLocalSocketAddress();
  }

  /** The client's datagrams leave from a new port from now on; returns that port. */
  int rebind() throws IOException {
    DatagramSocket next = open();
    outsides.add(next);
    outside = next;
    start(() -> toClient(next), "nat-outside-" + next.getLocalPort());
    return next.getLocalPort();
  }

  private DatagramSocket open() throws IOException {
    DatagramSocket socket = new DatagramSocket(0, server.getAddress());
    socket.setSoTimeout(50);
    return socket;
  }

  private void start(Runnable loop, String name) {
    Thread thread = new Thread(loop, name);
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  private void toServer() {
    byte[] buffer = new byte[2048];
    while (running) {
      DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
      try {
        inside.receive(packet);
        client = packet.getSocketAddress();
        outside.send(new DatagramPacket(buffer, packet.getLength(), server));
      } catch (SocketTimeoutException e) {
        // poll the running flag
      } catch (IOException e) {
        return;
      }
    }
  }

  private void toClient(DatagramSocket from) {
    byte[] buffer = new byte[2048];
    while (running) {
      DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
      try {
        from.receive(packet);
        SocketAddress to = client;
        if (to != null) {
          inside.send(new DatagramPacket(buffer, packet.getLength(), to));
        }
      } catch (SocketTimeoutException e) {
        // poll the running flag
      } catch (IOException e) {
        return;
      }
    }
  }

  @Override
  public void close() {
    running = false;
    for (Thread thread : threads) {
      try {
        thread.join(1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    inside.close();
    for (DatagramSocket socket : outsides) {
      socket.close();
    }
  }
}
