/**
 * The MoQ session over real QUIC: Netty's QUIC codec (quiche inside) behind the {@link
 * dev.moqbed.session.transport.TransportConnection} interface, a {@link
 * dev.moqbed.runtime.Scheduler} over a Netty event loop, server and client endpoints, and the
 * relay's certificate. The only package that imports {@code io.netty} and reads the wall clock.
 */
package dev.moqbed.netty;
