package dev.moqbed.live.stack;

import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.UdpEndpointStats;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The datagrams a server on the project's stack received and sent, summed over its sockets (one per
 * event loop): {@code bench fanout} reads them at the start and the end of its window, to give the
 * relay's datagrams per subscriber and second, figures that do not depend on the host's load the
 * way CPU shares do. A stack made {@link LiveStack#withServerDatagrams with} one registers its
 * server's sockets here when it listens.
 */
public final class ServerDatagrams {
  /** Datagrams read from and written to the sockets so far; -1 each when nothing registered. */
  public record Counts(long received, long sent) {
    public static final Counts UNKNOWN = new Counts(-1, -1);

    /** What happened between {@code start} and this; unknown if either is. */
    public Counts since(Counts start) {
      if (received < 0 || start.received < 0) {
        return UNKNOWN;
      }
      return new Counts(received - start.received, sent - start.sent);
    }
  }

  private final List<UdpEndpoint> endpoints = new CopyOnWriteArrayList<>();

  void watch(List<UdpEndpoint> sockets) {
    endpoints.addAll(sockets);
  }

  /** The counts now, each socket's read on its own loop; unknown before any socket registered. */
  public Counts read() {
    if (endpoints.isEmpty()) {
      return Counts.UNKNOWN;
    }
    long received = 0;
    long sent = 0;
    for (UdpEndpoint endpoint : endpoints) {
      UdpEndpointStats stats = endpoint.stats();
      received += stats.datagramsReceived();
      sent += stats.datagramsSent();
    }
    return new Counts(received, sent);
  }
}
