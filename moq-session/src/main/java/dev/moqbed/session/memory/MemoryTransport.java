package dev.moqbed.session.memory;

import dev.moqbed.runtime.Scheduler;

/** Creates connected {@link MemoryConnection} pairs. */
public final class MemoryTransport {
  private MemoryTransport() {}

  /** A client and a server end. */
  public record Pair(MemoryConnection client, MemoryConnection server) {}

  /**
   * A connected pair on {@code scheduler}: {@code up} carries client-to-server bytes, {@code down}
   * server-to-client bytes.
   */
  public static Pair pair(Scheduler scheduler, MemoryLink up, MemoryLink down, String name) {
    MemoryConnection client = new MemoryConnection(scheduler, true, up, name + "/server");
    MemoryConnection server = new MemoryConnection(scheduler, false, down, name + "/client");
    client.connect(server);
    server.connect(client);
    return new Pair(client, server);
  }
}
