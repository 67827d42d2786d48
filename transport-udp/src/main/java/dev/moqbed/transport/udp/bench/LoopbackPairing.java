package dev.moqbed.transport.udp.bench;

import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * A server stack and a client stack that can run one bulk transfer on loopback: the project's stack
 * on both ends ({@link MoqbedPairing}, TLS or null protection), or quiche on one or both ends
 * ({@link QuichePairing}).
 */
public interface LoopbackPairing {
  /** What the bench prints in its pairing column, e.g. {@code moqbed->moqbed (null protection)}. */
  String label();

  /**
   * Downloads {@code bytes} from the server to the client, the server sending with {@code
   * controller}.
   *
   * @throws TimeoutException if the transfer has not finished within {@code timeoutMicros}
   */
  LoopbackResult transfer(String controller, long bytes, long timeoutMicros)
      throws IOException, TimeoutException, InterruptedException;
}
