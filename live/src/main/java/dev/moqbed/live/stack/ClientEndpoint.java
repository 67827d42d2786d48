package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;

/** A client's connection to a relay and the UDP socket under it, on either stack. */
public interface ClientEndpoint extends AutoCloseable {
  /** The loop the connection runs on. */
  EventLoopScheduler scheduler();

  /** The local UDP port, which the relay sees as this client's. */
  int localPort();

  /** True until the connection has closed. */
  boolean isConnected();

  /** Closes the socket (the loop stays running when the client does not own it). */
  @Override
  void close();
}
