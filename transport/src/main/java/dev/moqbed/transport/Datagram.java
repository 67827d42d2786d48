package dev.moqbed.transport;

/**
 * One UDP datagram in flight between two endpoints. A network model looks only at its size, its ECN
 * field (which an AQM may change to CE) and where it goes; the transport puts its packets in {@link
 * #payload()}. The payload is handed over by reference: a simulated network never copies or encodes
 * it.
 */
public final class Datagram {
  /**
   * What a datagram carries, opaque to the network: a connection's packets ({@code
   * quic.QuicPackets}), or what another user of the network sends through it (the link emulator's
   * forwarded bytes). The network is shared, so it cannot be one sealed type here: each user reads
   * back its own.
   */
  public interface Payload {}

  private final int sourceNode;
  private final int destinationNode;
  private final int flowId;
  private int sizeBytes;
  private Payload payload;
  private EcnMark ecn;

  /**
   * @param sourceNode the node that sent it (in a simulation, an index; live, unused)
   * @param destinationNode the node it goes to
   * @param flowId which connection it belongs to, for per-flow statistics
   * @param sizeBytes the UDP payload size: what a link serializes
   * @param ecn the ECN field as sent
   * @param payload the transport's packets, opaque to the network
   */
  public Datagram(
      int sourceNode,
      int destinationNode,
      int flowId,
      int sizeBytes,
      EcnMark ecn,
      Payload payload) {
    if (sizeBytes <= 0) {
      throw new IllegalArgumentException("datagram size must be positive: " + sizeBytes);
    }
    this.sourceNode = sourceNode;
    this.destinationNode = destinationNode;
    this.flowId = flowId;
    this.sizeBytes = sizeBytes;
    this.ecn = ecn;
    this.payload = payload;
  }

  /**
   * Makes this datagram the next one its sender hands on: for a sender whose driver encodes every
   * datagram before it asks for the next (a live connection), so that no object is made per packet.
   * A simulated network carries datagrams by reference and is never given one that is reused.
   */
  public void reuse(int sizeBytes, EcnMark ecn, Payload payload) {
    if (sizeBytes <= 0) {
      throw new IllegalArgumentException("datagram size must be positive: " + sizeBytes);
    }
    this.sizeBytes = sizeBytes;
    this.ecn = ecn;
    this.payload = payload;
  }

  public int sourceNode() {
    return sourceNode;
  }

  public int destinationNode() {
    return destinationNode;
  }

  public int flowId() {
    return flowId;
  }

  public int sizeBytes() {
    return sizeBytes;
  }

  public EcnMark ecn() {
    return ecn;
  }

  /** Marks the datagram CE, as an AQM does instead of dropping an ECN-capable packet. */
  public void markCongestionExperienced() {
    this.ecn = EcnMark.CE;
  }

  public Payload payload() {
    return payload;
  }

  @Override
  public String toString() {
    return "Datagram["
        + sourceNode
        + "->"
        + destinationNode
        + " flow "
        + flowId
        + ", "
        + sizeBytes
        + " B, "
        + ecn
        + "]";
  }
}
