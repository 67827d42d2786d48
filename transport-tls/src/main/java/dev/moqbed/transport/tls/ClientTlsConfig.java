package dev.moqbed.transport.tls;

import java.util.List;
import java.util.Objects;

/**
 * A client handshake's settings.
 *
 * @param serverName the name sent in SNI and checked against the certificate (unless the trust is
 *     {@link ServerTrust#insecure()})
 * @param applicationProtocols the ALPN identifiers offered, in preference order (MoQT: {@code
 *     moq-00})
 * @param trust which certificates are accepted
 * @param cipherSuites the suites offered, in preference order
 * @param keyShare the group of the one key share sent
 */
public record ClientTlsConfig(
    String serverName,
    List<String> applicationProtocols,
    ServerTrust trust,
    List<TlsCipherSuite> cipherSuites,
    KeyShareGroup keyShare) {

  public ClientTlsConfig {
    Objects.requireNonNull(serverName, "serverName");
    Objects.requireNonNull(trust, "trust");
    Objects.requireNonNull(keyShare, "keyShare");
    if (serverName.isBlank()) {
      throw new IllegalArgumentException("empty server name");
    }
    if (applicationProtocols.isEmpty()) {
      throw new IllegalArgumentException(
          "a QUIC client needs an application protocol (RFC 9001 §8.1)");
    }
    if (cipherSuites.isEmpty()) {
      throw new IllegalArgumentException("no cipher suite");
    }
    applicationProtocols = List.copyOf(applicationProtocols);
    cipherSuites = List.copyOf(cipherSuites);
  }

  /** Every suite of this module in picotls's order, a P-256 key share. */
  public static ClientTlsConfig of(
      String serverName, List<String> applicationProtocols, ServerTrust trust) {
    return new ClientTlsConfig(
        serverName,
        applicationProtocols,
        trust,
        TlsCipherSuite.DEFAULT_ORDER,
        KeyShareGroup.SECP256R1);
  }

  public ClientTlsConfig withCipherSuites(List<TlsCipherSuite> suites) {
    return new ClientTlsConfig(serverName, applicationProtocols, trust, suites, keyShare);
  }

  public ClientTlsConfig withKeyShare(KeyShareGroup group) {
    return new ClientTlsConfig(serverName, applicationProtocols, trust, cipherSuites, group);
  }
}
