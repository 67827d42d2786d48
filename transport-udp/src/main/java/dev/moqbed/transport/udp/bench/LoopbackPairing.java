package dev.moqbed.transport.udp.bench;

import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * A server stack and a client stack that can run one bulk transfer on loopback. Today the one
 * pairing is the project's stack on both ends under null protection ({@link MoqbedPairing}); quiche
 * on either side and real TLS are pairings of the same shape.
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
