package dev.moqbed.transport.tls;

/**
 * The encryption levels whose packets carry CRYPTO frames (RFC 9001 §4.1.4). 0-RTT carries none, so
 * it is not here.
 */
public enum EncryptionLevel {
  INITIAL,
  HANDSHAKE,
  ONE_RTT
}
