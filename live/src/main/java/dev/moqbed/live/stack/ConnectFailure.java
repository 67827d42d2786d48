package dev.moqbed.live.stack;

import dev.moqbed.netty.QuicClient;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * Why a client could not connect to a relay, sorted by what its user can do about it, on either
 * stack. The kind decides whether trying again can help (a relay still starting answers later; a
 * certificate stays untrusted however often it is tried), and the message says what to fix in
 * words: the two stacks fail in different ways (a close code and reason on the project's stack, an
 * exception's text from quiche) and a user should not have to tell them apart.
 */
public final class ConnectFailure extends IOException {
  /** What went wrong, as far as the client can tell. */
  public enum Kind {
    /**
     * Nothing came back: no relay at that address and port, a firewall dropping UDP, or a relay
     * still starting.
     */
    NO_ANSWER,
    /** This client refused the relay's certificate. */
    UNTRUSTED_CERTIFICATE,
    /**
     * The relay answered and the handshake ended: the relay refused (an ALPN it does not speak, its
     * own limits), or the handshake failed here after the relay had answered.
     */
    REFUSED,
    /** Anything else: a socket error, a failure of the QUIC library without a known cause. */
    OTHER
  }

  /** What a user checks when nothing answers. */
  static final String NO_ANSWER_HINT =
      "is a relay running at that address and port? QUIC runs over UDP, which a firewall may"
          + " drop silently";

  private final Kind kind;
  private final InetSocketAddress relay;

  /** A failure with a message of its own (the whole line a user reads). */
  public ConnectFailure(Kind kind, InetSocketAddress relay, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.relay = relay;
  }

  /** "cannot connect to HOST:PORT: {@code detail}". */
  static ConnectFailure of(Kind kind, InetSocketAddress relay, String detail, Throwable cause) {
    return new ConnectFailure(
        kind, relay, "cannot connect to " + addressText(relay) + ": " + detail, cause);
  }

  public Kind kind() {
    return kind;
  }

  /** The relay's address as the client was given it. */
  public InetSocketAddress relay() {
    return relay;
  }

  /**
   * Whether trying again cannot help: the relay answered and the handshake ended (an untrusted
   * certificate, the relay's own refusal), as opposed to no answer, which a relay still starting
   * gives.
   */
  public boolean isRefusal() {
    return kind == Kind.UNTRUSTED_CERTIFICATE || kind == Kind.REFUSED;
  }

  /**
   * An address as a user typed it: {@code relay.example:4443} or {@code 127.0.0.1:4443}, without
   * the {@code host/address} form of {@link InetSocketAddress#toString}.
   */
  public static String addressText(InetSocketAddress address) {
    String host = address.getHostString();
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + address.getPort();
  }

  /**
   * A handshake on the project's stack that ended before the connection was ready: the close's code
   * and reason, and whether anything at all came from the relay.
   */
  static ConnectFailure ofHandshake(InetSocketAddress relay, Throwable cause) {
    if (cause instanceof WebTransportRefused refused) {
      return of(Kind.REFUSED, relay, refused.getMessage(), cause);
    }
    if (!(cause instanceof HandshakeWatch.HandshakeClosed closed)) {
      return of(
          Kind.OTHER, relay, cause == null ? "failed" : String.valueOf(cause.getMessage()), cause);
    }
    long code = closed.errorCode;
    // TLS alerts as CRYPTO_ERROR (0x100 + alert, RFC 9001 §4.8): bad_certificate (42),
    // certificate_unknown (46), unknown_ca (48).
    if (code == 0x12a || code == 0x12e || code == 0x130) {
      return of(Kind.UNTRUSTED_CERTIFICATE, relay, QuicClient.UNTRUSTED_CERTIFICATE, cause);
    }
    if (!closed.heardFromPeer) {
      return of(Kind.NO_ANSWER, relay, "no answer (" + NO_ANSWER_HINT + ")", cause);
    }
    if (code == 0x178) {
      return of(
          Kind.REFUSED,
          relay,
          "the relay does not speak this MoQT version's ALPN (no_application_protocol)",
          cause);
    }
    String codeAndReason =
        "code 0x" + Long.toHexString(code) + (closed.reason.isEmpty() ? "" : ": " + closed.reason);
    return of(
        Kind.REFUSED,
        relay,
        closed.local
            ? "the handshake failed here (" + codeAndReason + ")"
            : "the relay closed the handshake (" + codeAndReason + ")",
        cause);
  }

  /** The QUIC handshake succeeded, but the relay did not open the WebTransport session. */
  static final class WebTransportRefused extends Exception {
    WebTransportRefused(String why) {
      super(why, null, false, false);
    }
  }

  /**
   * A failure of quiche's client, sorted by its text: Netty's QUIC codec reports a handshake that
   * timed out (the idle timeout, before any answer) as a failure without a message, and an
   * untrusted certificate as BoringSSL's CERTIFICATE_VERIFY_FAILED, which {@link QuicClient}
   * already words.
   */
  static ConnectFailure ofQuiche(InetSocketAddress relay, IOException failure) {
    String message = String.valueOf(failure.getMessage());
    if (message.contains(QuicClient.UNTRUSTED_CERTIFICATE)) {
      return of(Kind.UNTRUSTED_CERTIFICATE, relay, QuicClient.UNTRUSTED_CERTIFICATE, failure);
    }
    if (message.endsWith(": null") || message.startsWith("no answer from")) {
      return of(Kind.NO_ANSWER, relay, "no answer (" + NO_ANSWER_HINT + ")", failure);
    }
    String prefix = "cannot connect to " + relay + ": ";
    return of(
        Kind.OTHER,
        relay,
        message.startsWith(prefix) ? message.substring(prefix.length()) : message,
        failure);
  }
}
