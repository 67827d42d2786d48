package dev.moqbed.transport.tls;

import java.security.PublicKey;

/**
 * A server's ephemeral key pair for one handshake: the private half for {@link
 * EphemeralKeyProvider}'s agreement, the public half in the JDK's form for agent15's ServerHello.
 */
record EphemeralPair(EphemeralKey privateKey, PublicKey publicKey) {}
