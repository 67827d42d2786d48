package dev.moqbed.simulation;

/**
 * The draft's metrics for one run of a bulk transfer.
 *
 * @param completionMicros when the client disconnected (last byte, then the close exchange), -1 if
 *     it did not within the time limit
 * @param rttAverageMicros the data sender's RTT, averaged as picoquic's qlog samples it
 * @param rttStandardDeviationMicros its standard deviation, computed as the draft's scripts
 * @param load bytes the sender put on the wire between its first and last datagram, as a fraction
 *     of the nominal link rate
 * @param packetsSent datagrams the data sender sent
 * @param events discrete events the run took, for speed figures
 */
public record BulkResult(
    long completionMicros,
    long rttAverageMicros,
    long rttStandardDeviationMicros,
    double load,
    long receivedBytes,
    long packetsSent,
    long packetsLost,
    long events,
    long simulatedMicros) {

  public boolean completed() {
    return completionMicros >= 0;
  }
}
