package dev.moqbed.transport.quic;

/** Which end of a connection: the client opens it and sends the first Initial. */
public enum Role {
  CLIENT,
  SERVER;

  /** The low bit of the stream ids this role opens (RFC 9000 §2.1). */
  int streamInitiatorBit() {
    return this == CLIENT ? 0 : 1;
  }
}
