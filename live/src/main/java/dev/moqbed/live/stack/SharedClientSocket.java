package dev.moqbed.live.stack;

import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.udp.UdpEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * One UDP socket of the project's stack that several client connections to the same relay share,
 * each told from the others by its connection ids: the fan-out benchmark's swarm puts a few
 * subscribers on each socket, so that one {@code recvmmsg} reads the datagrams of several of them
 * and one {@code sendmmsg} flushes their ACKs, where a socket per subscriber paid a system call
 * (and an epoll event) per subscriber and wake-up. The relay sees the subscribers that share a
 * socket come from one port.
 *
 * <p>Made by {@link LiveStack#clientSocket}. Its maker and each client {@link LiveStack#connectVia}
 * opens on it hold it; the socket closes when the last of them has closed (a client that fails to
 * connect lets go at once), so a client never loses the socket under it.
 */
public final class SharedClientSocket implements AutoCloseable {
  private final UdpEndpoint endpoint;
  private int users = 1; // the maker's hold
  private boolean makerClosed;
  private boolean closed;

  private SharedClientSocket(UdpEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  static SharedClientSocket bind(
      EventLoopScheduler loop, String serverName, ClientTrust trust, String alpn)
      throws IOException {
    return new SharedClientSocket(
        UdpEndpoint.bindOn(
            loop,
            new InetSocketAddress(0),
            EndpointLimits.defaults(),
            MoqbedClientEndpoint.security(serverName, alpn, trust),
            null));
  }

  UdpEndpoint endpoint() {
    return endpoint;
  }

  synchronized void acquire() {
    if (closed) {
      throw new IllegalStateException("the shared socket is closed");
    }
    users++;
  }

  /** One user fewer; the last one closes the socket. */
  void release() {
    synchronized (this) {
      users--;
      if (users > 0 || closed) {
        return;
      }
      closed = true;
    }
    endpoint.close();
  }

  /** The local UDP port every client of this socket has. */
  public int localPort() {
    return endpoint.localAddress().getPort();
  }

  /** The maker lets go: the socket closes now, or when its last client closes. */
  @Override
  public void close() {
    synchronized (this) {
      if (makerClosed) {
        return;
      }
      makerClosed = true;
    }
    release();
  }
}
