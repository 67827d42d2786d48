/**
 * The packet codec: the stack's packets ({@link dev.moqbed.transport.quic.QuicPacket}, {@link
 * dev.moqbed.transport.quic.Frame}) as QUIC version 1 bytes and back, with the wire codec ({@link
 * dev.moqbed.transport.wire}) and packet protection ({@link dev.moqbed.transport.crypto}).
 *
 * <p>It is a package of its own, beside {@code quic} rather than inside it, because it is the one
 * place that knows both the stack and the wire: {@code quic} stays a state machine over objects
 * (the simulator never needs bytes), {@code wire} and {@code crypto} know no model, and a host that
 * puts a connection on a real socket (the UDP driver, next) uses {@code quic} and this package
 * without either depending on the other's host. See {@code docs/transport/wire.md}, "The packet
 * codec".
 */
package dev.moqbed.transport.codec;
