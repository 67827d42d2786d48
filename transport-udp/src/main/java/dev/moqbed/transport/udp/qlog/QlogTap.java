package dev.moqbed.transport.udp.qlog;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.endpoint.PacketTap;
import dev.moqbed.transport.qlog.ConnectionQlog;

/** One connection's tap: the simulator's qlog observer, shown the datagrams the driver moves. */
final class QlogTap implements PacketTap {
  private final ConnectionQlog qlog;

  QlogTap(ConnectionQlog qlog) {
    this.qlog = qlog;
  }

  @Override
  public void onSent(long nowMicros, Datagram datagram) {
    qlog.onDatagramSent(nowMicros, datagram);
  }

  @Override
  public void onReceived(long nowMicros, Datagram datagram) {
    qlog.onDatagramReceived(nowMicros, datagram);
  }

  @Override
  public void afterReceived(long nowMicros) {
    qlog.afterEvent(nowMicros);
  }

  @Override
  public void close() {
    qlog.close();
  }
}
