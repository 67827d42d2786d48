package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.endpoint.EndpointSecurity;
import dev.moqbed.transport.endpoint.NullProtection;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.QuicEndpoint;
import dev.moqbed.transport.tls.QuicEndpointFactory;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.wire.ConnectionId;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * What protects an endpoint's packets:
 *
 * <ul>
 *   <li>{@link #tls}: QUIC v1 — TLS 1.3 through agent15 ({@link QuicEndpointFactory}), AEAD packet
 *       and header protection, Initial keys from the client's first Destination Connection ID;
 *   <li>{@link #nullProtection}: the codec's null protection and the modelled handshake (CRYPTO
 *       byte counts). Packets have QUIC's sizes but no encryption, no authentication and no TLS:
 *       <b>not QUIC</b>, only for measuring the transport and the driver between two moqbed
 *       endpoints.
 * </ul>
 */
public final class UdpSecurity implements EndpointSecurity {
  private final EndpointSecurity maker;
  private final String description;

  private UdpSecurity(EndpointSecurity maker, String description) {
    this.maker = maker;
    this.description = description;
  }

  /** The null protection and modelled handshake: not QUIC (see the class comment). */
  public static UdpSecurity nullProtection() {
    return new UdpSecurity(new NullProtection(), "null protection (not QUIC)");
  }

  /**
   * Real QUIC v1 with TLS 1.3.
   *
   * @param server the certificate, key and ALPN list connections accepted here present, or null for
   *     an endpoint that only connects
   * @param client the server name, trust and ALPN list of connections opened here, or null for an
   *     endpoint that only accepts
   */
  public static UdpSecurity tls(ServerTlsContext server, ClientTlsConfig client) {
    return tls(server, client, StatelessResetKey.random(new SecureRandom()));
  }

  /**
   * Real QUIC v1 whose server connections declare stateless reset tokens from {@code resetKey} (RFC
   * 9000 §10.3.2). {@link #tls(ServerTlsContext, ClientTlsConfig)} draws a key per call, valid for
   * the process; pass the same key to an endpoint bound after a restart so that it can reset the
   * connections its predecessor lost.
   */
  public static UdpSecurity tls(
      ServerTlsContext server, ClientTlsConfig client, StatelessResetKey resetKey) {
    if (resetKey == null) {
      throw new IllegalArgumentException("a stateless reset key is needed");
    }
    return new UdpSecurity(new TlsMaker(server, client, resetKey), "TLS 1.3");
  }

  /** The key of this endpoint's stateless reset tokens; null under the null protection. */
  @Override
  public StatelessResetKey resetKey() {
    return maker.resetKey();
  }

  /** Whether a packet that opens is the peer's (AEAD): then its protocol errors close. */
  @Override
  public boolean authenticates() {
    return maker.authenticates();
  }

  @Override
  public Made client(
      ConnectionConfig config,
      ConnectionIds ids,
      ControllerFactory controllers,
      RandomGenerator random,
      long nowMicros) {
    return maker.client(config, ids, controllers, random, nowMicros);
  }

  @Override
  public Made server(
      ConnectionConfig config,
      ConnectionIds ids,
      ConnectionId originalDestinationId,
      ConnectionId retrySourceId,
      ControllerFactory controllers,
      RandomGenerator random,
      long nowMicros) {
    return maker.server(
        config, ids, originalDestinationId, retrySourceId, controllers, random, nowMicros);
  }

  @Override
  public String toString() {
    return description;
  }

  private record TlsMaker(
      ServerTlsContext server, ClientTlsConfig client, StatelessResetKey resetKey)
      implements EndpointSecurity {
    @Override
    public Made client(
        ConnectionConfig config,
        ConnectionIds ids,
        ControllerFactory controllers,
        RandomGenerator random,
        long nowMicros) {
      if (client == null) {
        throw new IllegalStateException("this endpoint has no client TLS configuration");
      }
      QuicEndpoint endpoint =
          QuicEndpointFactory.client(
              config, client, ids, controllers, new SplittableRandom(random.nextLong()), nowMicros);
      return new Made(endpoint.connection(), endpoint.codec());
    }

    @Override
    public Made server(
        ConnectionConfig config,
        ConnectionIds ids,
        ConnectionId originalDestinationId,
        ConnectionId retrySourceId,
        ControllerFactory controllers,
        RandomGenerator random,
        long nowMicros) {
      if (server == null) {
        throw new IllegalStateException("this endpoint has no server certificate");
      }
      QuicEndpoint endpoint =
          QuicEndpointFactory.server(
              config,
              server,
              ids,
              originalDestinationId,
              retrySourceId,
              resetKey.tokenFor(ids.local()),
              controllers,
              new SplittableRandom(random.nextLong()),
              nowMicros);
      return new Made(endpoint.connection(), endpoint.codec());
    }

    @Override
    public boolean authenticates() {
      return true;
    }
  }
}
