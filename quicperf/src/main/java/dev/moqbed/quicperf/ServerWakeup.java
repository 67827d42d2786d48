package dev.moqbed.quicperf;

/**
 * How quicperf's server chooses its next wake-up among media flows that sleep until their next
 * frame. The server sends a frame of a sleeping stream, and every datagram, only when it wakes up,
 * so this choice sets how late frames leave.
 */
public enum ServerWakeup {
  /**
   * The earliest next-frame time of all sleeping flows: the fix on picoquic's branch {@code
   * c4-revisit-max-rtt}. The draft-05 media tables (c4, bbr and cubic columns) match it.
   */
  EARLIEST_FRAME,

  /**
   * picoquic master: each sleeping stream in turn overwrites the wake-up time, so the stream with
   * the highest id wins, and flows whose next frame is due earlier (datagrams included) wait for
   * it. The draft-05 {@code c4_draft-04} column matches it (about 3 ms more average latency on
   * {@code media}).
   */
  LAST_SLEEPING_STREAM
}
