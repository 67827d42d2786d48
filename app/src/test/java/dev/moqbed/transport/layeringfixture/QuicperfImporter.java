package dev.moqbed.transport.layeringfixture;

import dev.moqbed.quicperf.ServerWakeup;

/**
 * Breaks the rule that the transport imports no quicperf, on purpose, from a transport package (see
 * LayeringTest).
 */
public final class QuicperfImporter {
  private QuicperfImporter() {}

  public static ServerWakeup wakeup() {
    return ServerWakeup.EARLIEST_FRAME;
  }
}
