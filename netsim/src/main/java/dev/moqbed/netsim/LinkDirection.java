package dev.moqbed.netsim;

/** The two links of picoquic_ns's two-node topology, in the reference's order. */
public enum LinkDirection {
  /** Link 0: client (node 1) to server (node 0); carries ACKs and requests of downloads. */
  UP(TwoNodeNetwork.CLIENT_NODE, TwoNodeNetwork.SERVER_NODE),
  /** Link 1: server (node 0) to client (node 1); carries the media and download data. */
  DOWN(TwoNodeNetwork.SERVER_NODE, TwoNodeNetwork.CLIENT_NODE);

  private final int sourceNode;
  private final int destinationNode;

  LinkDirection(int sourceNode, int destinationNode) {
    this.sourceNode = sourceNode;
    this.destinationNode = destinationNode;
  }

  public int sourceNode() {
    return sourceNode;
  }

  public int destinationNode() {
    return destinationNode;
  }

  /** The link a datagram sent by {@code node} takes. */
  public static LinkDirection fromSource(int node) {
    return node == TwoNodeNetwork.SERVER_NODE ? DOWN : UP;
  }
}
