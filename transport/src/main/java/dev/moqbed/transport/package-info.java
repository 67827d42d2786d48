/**
 * The project's QUIC transport model: sans-IO (driven with the current time, reporting its next
 * timer, never reading a clock or touching a socket), hosting any {@link
 * dev.moqbed.cc.CongestionController}. The simulator drives it in virtual time; later a UDP adapter
 * drives it in real time.
 *
 * <p>{@link dev.moqbed.transport.Datagram} is the unit that crosses a network: a UDP payload with
 * its size and the two ECN bits of its IP header.
 */
package dev.moqbed.transport;
