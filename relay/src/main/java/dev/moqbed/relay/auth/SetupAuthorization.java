package dev.moqbed.relay.auth;

/**
 * What the AUTHORIZATION TOKEN of a CLIENT_SETUP decided: a grant the session's requests may use, a
 * refusal that ends the session, or neither (no token, or an open relay).
 *
 * @param grant what the token grants; null unless it was valid
 * @param refusal why the token was refused; null unless it was
 */
public record SetupAuthorization(TokenGrant grant, AuthRefusal refusal) {
  /** No token in the setup, or no key on the relay. */
  public static final SetupAuthorization NONE = new SetupAuthorization(null, null);

  static SetupAuthorization granted(TokenGrant grant) {
    return new SetupAuthorization(grant, null);
  }

  static SetupAuthorization refused(AuthRefusal refusal) {
    return new SetupAuthorization(null, refusal);
  }

  /** True when the session must be closed. */
  public boolean refused() {
    return refusal != null;
  }
}
