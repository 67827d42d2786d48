package dev.moqbed.transport.quic;

/**
 * Told after each ACK frame the connection processed (its controller already updated), for traces
 * of the controller over time. Called on the hot path: implementations should only copy numbers.
 */
@FunctionalInterface
public interface AckListener {
  void onAckProcessed(long nowMicros, QuicConnection connection);
}
