package dev.moqbed.transport.endpoint;

import dev.moqbed.transport.quic.QuicConnection;
import java.net.InetSocketAddress;

/** Opens a {@link PacketTap} for each connection an endpoint opens or accepts. */
@FunctionalInterface
public interface PacketTaps {
  /** Taps nothing: the driver then makes no call at all per packet beyond one null check. */
  PacketTaps NONE = (connection, remote, groupId, nowMicros) -> null;

  /**
   * Called on the loop as the connection is registered, before its first packet either way.
   *
   * @param groupId the same at both ends of one connection: the client's first Destination
   *     Connection ID, in hex
   * @return the tap, or null to watch this connection not at all
   */
  PacketTap open(
      QuicConnection connection, InetSocketAddress remote, String groupId, long nowMicros);
}
