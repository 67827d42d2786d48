package dev.moqbed.media.moqt.wire;

import java.util.Objects;

/**
 * Bytes from the peer that break the MoQT wire rules. Carries the session error a session closes
 * with ({@link #sessionError()}, almost always {@link SessionError#PROTOCOL_VIOLATION}) and what
 * exactly went wrong ({@link #problem()}), so tests and logs can tell a truncated frame from an
 * unknown type without parsing the message text.
 *
 * <p>Thrown only for input the peer sent; misuse of the encoder by local code is an {@link
 * IllegalArgumentException}.
 */
public final class MoqtProtocolException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What kind of rule the input broke. */
  public enum Problem {
    /** The input ended inside a field that a complete frame must contain. */
    TRUNCATED,
    /** A control message's payload was longer than its fields (bytes left over). */
    TRAILING_BYTES,
    /** A length or count is larger than the protocol or a configured {@link MoqtLimits} allows. */
    TOO_LARGE,
    /** A message, stream or datagram type this version does not define. */
    UNKNOWN_TYPE,
    /** A field holds a value the specification forbids (bad enum, flag out of range...). */
    FORBIDDEN_VALUE,
    /** A known single-instance parameter appears twice. */
    DUPLICATE_PARAMETER,
    /** The client and server have no MoQT version in common. */
    NO_COMMON_VERSION,
    /** A stream ended (FIN) in the middle of a frame. */
    INCOMPLETE_AT_END_OF_STREAM
  }

  private final SessionError sessionError;
  private final Problem problem;

  /**
   * @param sessionError the code the session should close with
   * @param problem the kind of rule broken
   * @param detail one line naming the message and field, e.g. {@code SUBSCRIBE: Forward = 7}
   */
  public MoqtProtocolException(SessionError sessionError, Problem problem, String detail) {
    super(sessionError + " (" + problem + "): " + detail);
    this.sessionError = Objects.requireNonNull(sessionError, "sessionError");
    this.problem = Objects.requireNonNull(problem, "problem");
  }

  /** A {@link SessionError#PROTOCOL_VIOLATION} with the given problem. */
  public static MoqtProtocolException violation(Problem problem, String detail) {
    return new MoqtProtocolException(SessionError.PROTOCOL_VIOLATION, problem, detail);
  }

  /** The session error the receiver should close the session with. */
  public SessionError sessionError() {
    return sessionError;
  }

  /** The kind of rule the input broke. */
  public Problem problem() {
    return problem;
  }
}
