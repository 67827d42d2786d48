package dev.moqbed.transport.codec;

import dev.moqbed.transport.wire.ConnectionId;
import java.util.random.RandomGenerator;

/**
 * The connection ids one endpoint's packets carry: its own (the Source Connection ID of its long
 * headers, the Destination Connection ID of packets it receives) and its peer's (the Destination
 * Connection ID of every packet it sends). The stack counts 8 bytes for each, picoquic's default
 * ({@code PICOQUIC_ENFORCED_INITIAL_CID_LENGTH}, {@code local_cnxid_length}); the client's first
 * Initial uses the id it made up for the server, and the stack never changes ids afterwards.
 */
public record ConnectionIds(ConnectionId local, ConnectionId remote) {
  /** picoquic's connection id length, which the stack's header sizes assume. */
  public static final int MODEL_LENGTH = 8;

  /** Ids of {@link #MODEL_LENGTH} bytes that differ per node and flow, for simulated endpoints. */
  public static ConnectionIds forSimulatedEndpoint(int localNode, int remoteNode, int flowId) {
    return new ConnectionIds(idOf(localNode, flowId), idOf(remoteNode, flowId));
  }

  /**
   * A client's ids on a real network: its own id and the one it makes up for the server, both
   * {@link #MODEL_LENGTH} random bytes from {@code random} (a {@link java.security.SecureRandom}
   * there: RFC 9000 §7.2 asks for at least 8 unpredictable bytes in the first Destination
   * Connection ID).
   */
  public static ConnectionIds randomForClient(RandomGenerator random) {
    return new ConnectionIds(randomId(random), randomId(random));
  }

  /** An id of {@link #MODEL_LENGTH} random bytes. */
  public static ConnectionId randomId(RandomGenerator random) {
    byte[] id = new byte[MODEL_LENGTH];
    random.nextBytes(id);
    return ConnectionId.of(id);
  }

  /** The id of the other end: its local id is our remote one. */
  public ConnectionIds peer() {
    return new ConnectionIds(remote, local);
  }

  private static ConnectionId idOf(int node, int flowId) {
    byte[] id = new byte[MODEL_LENGTH];
    id[0] = (byte) 0x6d; // 'm'
    id[5] = (byte) node;
    id[6] = (byte) (flowId >>> 8);
    id[7] = (byte) flowId;
    return ConnectionId.of(id);
  }
}
