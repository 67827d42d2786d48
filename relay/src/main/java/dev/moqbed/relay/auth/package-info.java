/**
 * Authorization tokens: what a relay started with {@code --auth-key} requires of each
 * PUBLISH_NAMESPACE and SUBSCRIBE. A {@link dev.moqbed.relay.auth.TokenGrant} (scopes, each a role
 * on a namespace prefix, and an expiry) signed with the relay's {@link
 * dev.moqbed.relay.auth.TokenKey} by {@link dev.moqbed.relay.auth.SignedTokens}; the token travels
 * in draft-14's AUTHORIZATION TOKEN parameter ({@code dev.moqbed.session.AuthorizationToken}) on
 * each request, in CLIENT_SETUP for the whole session, or both.
 */
package dev.moqbed.relay.auth;
