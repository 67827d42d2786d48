package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.SessionError;

/**
 * Why a relay with a key refused a request, and the draft-14 error code it answers with
 * (PUBLISH_NAMESPACE_ERROR and SUBSCRIBE_ERROR share the values, §13.1): a token that cannot be
 * read is MALFORMED_AUTH_TOKEN (0x10), an expired one EXPIRED_AUTH_TOKEN (0x12), everything else
 * UNAUTHORIZED (0x1). A token in CLIENT_SETUP that is refused closes the session with the session
 * error codes of the same names (0x16, 0x18, 0x2).
 */
public enum AuthRefusal {
  /** The request carried no AUTHORIZATION TOKEN. */
  MISSING("missing", Draft14Codes.NAMESPACE_UNAUTHORIZED),
  /** The parameter or the token in it is not of this relay's format. */
  MALFORMED("malformed", Draft14Codes.NAMESPACE_MALFORMED_AUTH_TOKEN),
  /** Not signed with this relay's key, or changed since. */
  BAD_SIGNATURE("bad_signature", Draft14Codes.NAMESPACE_UNAUTHORIZED),
  /** Past its expiry. */
  EXPIRED("expired", Draft14Codes.NAMESPACE_EXPIRED_AUTH_TOKEN),
  /** A publish token on a SUBSCRIBE or a subscribe token on a PUBLISH_NAMESPACE. */
  WRONG_ROLE("wrong_role", Draft14Codes.NAMESPACE_UNAUTHORIZED),
  /** The request's namespace is not under the token's prefix. */
  WRONG_NAMESPACE("wrong_namespace", Draft14Codes.NAMESPACE_UNAUTHORIZED);

  private final String label;
  private final long errorCode;

  AuthRefusal(String label, long errorCode) {
    this.label = label;
    this.errorCode = errorCode;
  }

  /** The name in metrics and logs. */
  public String label() {
    return label;
  }

  /** The error code of the PUBLISH_NAMESPACE_ERROR that answers. */
  public long namespaceErrorCode() {
    return errorCode;
  }

  /** The refusal of a token that failed its signature or expiry check. */
  static AuthRefusal of(TokenCheck.Failure failure) {
    return switch (failure) {
      case MALFORMED -> MALFORMED;
      case BAD_SIGNATURE -> BAD_SIGNATURE;
      case EXPIRED -> EXPIRED;
    };
  }

  /** The session error that closes a session whose CLIENT_SETUP carried this refused token. */
  public SessionError sessionError() {
    return switch (this) {
      case MALFORMED -> SessionError.MALFORMED_AUTH_TOKEN;
      case EXPIRED -> SessionError.EXPIRED_AUTH_TOKEN;
      default -> SessionError.UNAUTHORIZED;
    };
  }

  /** The error code of the SUBSCRIBE_ERROR that answers. */
  public long subscribeErrorCode() {
    return switch (this) {
      case MALFORMED -> Draft14Codes.SUBSCRIBE_MALFORMED_AUTH_TOKEN;
      case EXPIRED -> Draft14Codes.SUBSCRIBE_EXPIRED_AUTH_TOKEN;
      default -> Draft14Codes.SUBSCRIBE_UNAUTHORIZED;
    };
  }
}
