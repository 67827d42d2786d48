package dev.moqbed.netem;

/**
 * One case of {@code bench netem}: what was configured and what a receiver behind the emulator
 * measured. Delays are one way, sender to receiver on one host (one clock), in microseconds, and
 * include the sockets and the threads' wake-ups; {@code expectedDelayMicros} is what the link model
 * adds to one datagram: on an empty link its one-way delay plus its serialization, and when
 * saturated also the queue limit (a full drop-tail queue, the most it holds a datagram back).
 *
 * @param name "no load" or "saturated"
 * @param rateBitsPerSecond the link's configured rate (0: no emulator, the loopback baseline)
 * @param delayMicros its configured one-way delay
 * @param queueMicros its drop-tail limit
 * @param offeredBitsPerSecond what the sender offered
 * @param datagramBytes the size of each datagram
 * @param sent datagrams sent
 * @param received datagrams received
 * @param droppedByLink drops the emulator counted (queue, AQM, loss, buffer, socket)
 * @param achievedBitsPerSecond received bytes over the measured window, bits per second
 * @param modelBitsPerSecond the rate the link model's integer serialization gives this size
 * @param expectedDelayMicros configured delay + serialization of one datagram
 * @param delayP50Micros measured median
 * @param delayP99Micros measured 99th percentile
 * @param delayMaxMicros measured maximum
 * @param emulatorP50Micros the emulator's own transit (socket read to socket write) median, 0
 *     without an emulator: what its timers add, without the sender's and receiver's sockets and
 *     threads
 * @param emulatorP99Micros the same, 99th percentile
 */
public record BenchCase(
    String name,
    long rateBitsPerSecond,
    long delayMicros,
    long queueMicros,
    long offeredBitsPerSecond,
    int datagramBytes,
    long sent,
    long received,
    long droppedByLink,
    double achievedBitsPerSecond,
    double modelBitsPerSecond,
    long expectedDelayMicros,
    long delayP50Micros,
    long delayP99Micros,
    long delayMaxMicros,
    long emulatorP50Micros,
    long emulatorP99Micros) {

  /** Whether the sender offered more than the link's rate (the rate is then the link's). */
  public boolean saturated() {
    return rateBitsPerSecond > 0 && offeredBitsPerSecond > rateBitsPerSecond;
  }

  /** Achieved over configured rate, minus one (0.01 = 1 % above); NaN unless saturated. */
  public double rateError() {
    return saturated() ? achievedBitsPerSecond / rateBitsPerSecond - 1 : Double.NaN;
  }
}
