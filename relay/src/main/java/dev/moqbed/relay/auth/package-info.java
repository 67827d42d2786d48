/**
 * Authorization tokens: what a relay started with {@code --auth-key} requires of each
 * PUBLISH_NAMESPACE and SUBSCRIBE. A {@link dev.moqbed.relay.auth.TokenGrant} (role, namespace
 * prefix, expiry) signed with the relay's {@link dev.moqbed.relay.auth.TokenKey} by {@link
 * dev.moqbed.relay.auth.SignedTokens}; the token travels in draft-14's AUTHORIZATION TOKEN
 * parameter ({@code dev.moqbed.session.AuthorizationToken}).
 */
package dev.moqbed.relay.auth;
