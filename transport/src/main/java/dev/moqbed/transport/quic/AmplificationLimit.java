package dev.moqbed.transport.quic;

/**
 * The anti-amplification limit (RFC 9000 §8.1): until the client's address is validated, a server
 * sends it at most three times the bytes it received from it, resends of its handshake flight and
 * answers to repeated Initials included. Without it, an Initial with a spoofed source made the
 * server send its flight toward that address on every probe timeout until the idle timeout: 21 to
 * 26 times the bytes received. The address is validated by a Handshake packet from it (only the
 * holder of the address can have read the server's Initial) or by a Retry token the endpoint
 * checked. A client's peer is the server it chose: never limited. The same limit holds toward a
 * peer's new address until {@link PathValidation} has validated it (RFC 9000 §9.3, §8.2): {@link
 * #restart} counts from zero for the new address.
 *
 * <p>As picoquic ({@code initial_validated} in sender.c), a datagram may start only if one of the
 * path's current MTU would still fit the limit; what is then sent is not cut to fit. The one
 * datagram larger than the MTU, a path MTU probe, goes only if it fits (picoquic sends it anyway:
 * up to 188 bytes past the limit, which RFC 9000 forbids).
 */
final class AmplificationLimit {
  static final int FACTOR = 3;

  private boolean validated;
  private long bytesReceived;
  private long bytesSent;

  AmplificationLimit(Role role) {
    this.validated = role == Role.CLIENT;
  }

  void onReceived(int bytes) {
    bytesReceived += bytes;
  }

  void onSent(int bytes) {
    bytesSent += bytes;
  }

  void validate() {
    validated = true;
  }

  /** The peer moved to an address not validated yet: only what comes from it counts now. */
  void restart() {
    validated = false;
    bytesReceived = 0;
    bytesSent = 0;
  }

  boolean isValidated() {
    return validated;
  }

  /** How many more bytes may leave toward an unvalidated address (any number once validated). */
  long roomBytes() {
    return validated ? Long.MAX_VALUE : Math.max(0, FACTOR * bytesReceived - bytesSent);
  }

  /** Whether a datagram of {@code bytes} may leave now. */
  boolean allows(int bytes) {
    return validated || bytesSent + bytes <= FACTOR * bytesReceived;
  }
}
