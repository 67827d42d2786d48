package dev.moqbed.relay.auth;

/**
 * The result of checking a token's signature and expiry: its grant when valid, else why not.
 *
 * @param grant what the token grants; null unless {@link #valid()}
 * @param failure why the token is refused; null when valid
 */
public record TokenCheck(TokenGrant grant, Failure failure) {
  /** Why a token is not valid. */
  public enum Failure {
    /** Not a token of this format: wrong parts, bad base64url, bad fields. */
    MALFORMED,
    /** Well formed, but not signed with the relay's key (or changed since). */
    BAD_SIGNATURE,
    /** Signed, but past its expiry. */
    EXPIRED
  }

  static TokenCheck valid(TokenGrant grant) {
    return new TokenCheck(grant, null);
  }

  static TokenCheck failed(Failure failure) {
    return new TokenCheck(null, failure);
  }

  public boolean valid() {
    return failure == null;
  }
}
