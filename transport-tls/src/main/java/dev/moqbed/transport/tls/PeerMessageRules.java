package dev.moqbed.transport.tls;

import static tech.kwik.agent15.TlsConstants.HandshakeType.certificate;
import static tech.kwik.agent15.TlsConstants.HandshakeType.certificate_request;
import static tech.kwik.agent15.TlsConstants.HandshakeType.certificate_verify;
import static tech.kwik.agent15.TlsConstants.HandshakeType.client_hello;
import static tech.kwik.agent15.TlsConstants.HandshakeType.encrypted_extensions;
import static tech.kwik.agent15.TlsConstants.HandshakeType.finished;
import static tech.kwik.agent15.TlsConstants.HandshakeType.new_session_ticket;
import static tech.kwik.agent15.TlsConstants.HandshakeType.server_hello;

import java.util.EnumSet;
import java.util.Set;
import tech.kwik.agent15.TlsConstants.HandshakeType;

/**
 * Which handshake messages the peer may send at each encryption level (RFC 9001 §4, Figure 5's
 * table: ClientHello and ServerHello in Initial, the rest of the handshake in Handshake,
 * NewSessionTicket in 1-RTT). Anything else is unexpected_message before agent15 parses it, which
 * matters because agent15's server ignores a ServerHello or a second ClientHello quietly, and
 * because a KeyUpdate must be 0x010a in QUIC (RFC 9001 §6).
 *
 * <p>The server never asks for a client certificate, so a client's Certificate is unexpected too.
 */
final class PeerMessageRules {
  private PeerMessageRules() {}

  /** The types a client accepts from the server at {@code level}. */
  static Set<HandshakeType> fromServer(EncryptionLevel level) {
    switch (level) {
      case INITIAL:
        return EnumSet.of(server_hello);
      case HANDSHAKE:
        return EnumSet.of(
            encrypted_extensions, certificate_request, certificate, certificate_verify, finished);
      case ONE_RTT:
        return EnumSet.of(new_session_ticket);
      default:
        throw new IllegalArgumentException(String.valueOf(level));
    }
  }

  /** The types a server accepts from the client at {@code level}. */
  static Set<HandshakeType> fromClient(EncryptionLevel level) {
    switch (level) {
      case INITIAL:
        return EnumSet.of(client_hello);
      case HANDSHAKE:
        return EnumSet.of(finished);
      case ONE_RTT:
        return EnumSet.noneOf(HandshakeType.class);
      default:
        throw new IllegalArgumentException(String.valueOf(level));
    }
  }

  /** The type whose wire value is {@code value}, or null for values this TLS does not know. */
  static HandshakeType typeOf(int value) {
    for (HandshakeType type : HandshakeType.values()) {
      if ((type.value & 0xff) == value) {
        return type;
      }
    }
    return null;
  }
}
