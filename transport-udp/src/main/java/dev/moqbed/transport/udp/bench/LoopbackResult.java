package dev.moqbed.transport.udp.bench;

/**
 * One measured transfer: the bytes, the time from the client's request to the last byte, and the
 * sender's figures when the client closed.
 *
 * @param pairing the stacks, server first, and what protects the packets
 * @param controller the sender's controller spec
 * @param bytes response bytes received
 * @param transferMicros from the request leaving to the last response byte
 * @param datagramsSent the sender's datagrams
 * @param flushes the sender's flushes (under epoll one {@code sendmmsg} each; on the project's
 *     stack its send passes, each flushed by itself with one connection on the endpoint)
 * @param writes the sender's packets handed to the socket: datagrams, or under GSO runs of
 *     datagrams the kernel segments; -1 when not known (quiche)
 * @param packetsLost packets the sender declared lost
 * @param congestionWindowBytes the sender's window at the end
 * @param pacingRateBytesPerSecond the sender's pacing rate at the end
 * @param socketKind "epoll" or "NIO"
 * @param cpuMicros CPU time of the two endpoints' event-loop threads over the whole run: on a
 *     loaded host the rate depends on the share of a core the loops get, the bytes per CPU second
 *     much less
 * @param allocatedBytesPerPacket bytes the sender's event-loop thread allocated per datagram it
 *     sent, from the request's arrival to the end (the handshake excluded; the ACKs it received
 *     included); -1 when not known (quiche)
 * @param receiverAllocatedBytesPerPacket bytes the receiver's event-loop thread allocated from
 *     sending the request to the last response byte, per datagram the sender sent; -1 when not
 *     known (a quiche receiver)
 * @param senderMeans the project's sender averaged over the ACKs it processed after the request
 *     (RTT, bytes in flight, pacing rate); {@link SenderMeans.Means#UNKNOWN} for quiche
 */
public record LoopbackResult(
    String pairing,
    String controller,
    long bytes,
    long transferMicros,
    long datagramsSent,
    long flushes,
    long writes,
    long packetsLost,
    long congestionWindowBytes,
    long pacingRateBytesPerSecond,
    String socketKind,
    long cpuMicros,
    double allocatedBytesPerPacket,
    double receiverAllocatedBytesPerPacket,
    SenderMeans.Means senderMeans) {

  public double gigabitsPerSecond() {
    return transferMicros <= 0 ? 0 : bytes * 8.0 / transferMicros / 1_000;
  }

  /** Gigabits moved per CPU second of the two loops. */
  public double gigabitsPerCpuSecond() {
    return cpuMicros <= 0 ? 0 : bytes * 8.0 / cpuMicros / 1_000;
  }

  public double packetsPerFlush() {
    return flushes == 0 ? 0 : (double) datagramsSent / flushes;
  }

  public double datagramsPerWrite() {
    return writes <= 0 ? 0 : (double) datagramsSent / writes;
  }

  public double lossRate() {
    return datagramsSent == 0 ? 0 : (double) packetsLost / datagramsSent;
  }
}
