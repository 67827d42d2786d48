package dev.moqbed.transport.udp;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.function.Function;

/** A server and a client endpoint on loopback, the project's stack on both ends. */
final class Loopback implements AutoCloseable {
  static final InetSocketAddress ANY_LOOPBACK_PORT =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  final UdpEndpoint server;
  final UdpEndpoint client;

  /** Under the null protection (not QUIC). */
  Loopback(
      ConnectionConfig serverConfig, String cc, Function<UdpConnection, ConnectionHandler> handlers)
      throws IOException {
    this(UdpSecurity.nullProtection(), UdpSecurity.nullProtection(), serverConfig, cc, handlers);
  }

  Loopback(
      UdpSecurity serverSecurity,
      UdpSecurity clientSecurity,
      ConnectionConfig serverConfig,
      String cc,
      Function<UdpConnection, ConnectionHandler> handlers)
      throws IOException {
    this(serverSecurity, clientSecurity, EndpointLimits.defaults(), serverConfig, cc, handlers);
  }

  Loopback(
      UdpSecurity serverSecurity,
      UdpSecurity clientSecurity,
      EndpointLimits serverLimits,
      ConnectionConfig serverConfig,
      String cc,
      Function<UdpConnection, ConnectionHandler> handlers)
      throws IOException {
    server =
        UdpEndpoint.bind(
            ANY_LOOPBACK_PORT,
            serverLimits,
            serverSecurity,
            new UdpServerSetup(serverConfig, controllers(cc), handlers));
    client = UdpEndpoint.bind(ANY_LOOPBACK_PORT, EndpointLimits.defaults(), clientSecurity, null);
  }

  static ControllerFactory controllers(String spec) {
    return ControllerRegistry.standard().parse(spec);
  }

  static ConnectionConfig config(Role role) {
    return ConnectionConfig.picoquic(role);
  }

  UdpConnection connect(
      InetSocketAddress to, ConnectionConfig config, String cc, ConnectionHandler handler) {
    return client.connect(to, config, controllers(cc), handler);
  }

  /** {@code length} bytes from a seeded generator: each test's payloads differ but repeat. */
  static byte[] bytes(int length, long seed) {
    byte[] bytes = new byte[length];
    new SplittableRandom(seed).nextBytes(bytes);
    return bytes;
  }

  static void writeAndFinish(QuicConnection connection, long streamId, byte[] content) {
    connection.write(streamId, ByteSlice.of(content));
    connection.finish(streamId);
  }

  @Override
  public void close() {
    client.close();
    server.close();
  }
}
