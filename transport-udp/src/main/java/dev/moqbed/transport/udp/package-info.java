/**
 * The project's QUIC connection ({@link dev.moqbed.transport.quic.QuicConnection}) on a real UDP
 * socket: a {@link UdpEndpoint} owns one Netty datagram channel (epoll where available, NIO
 * otherwise) on one event loop and drives many connections on it, routed by Destination Connection
 * ID. Each connection's sends are polled as the connection's pacer allows, written without a flush
 * each and flushed once per pass (see {@code SendPump}). The wire bytes come from {@link
 * dev.moqbed.transport.codec.PacketCodec}, keyed by TLS 1.3 ({@link UdpSecurity#tls}) or under its
 * null protection ({@link UdpSecurity#nullProtection}), which is not QUIC and never offered to
 * users as such.
 */
package dev.moqbed.transport.udp;
