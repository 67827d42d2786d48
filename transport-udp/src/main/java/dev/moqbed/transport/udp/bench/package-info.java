/**
 * Bulk transfers on loopback between two {@link dev.moqbed.transport.udp.UdpEndpoint}s, measured
 * for {@code moqbed bench loopback}: one download per run, the sender's figures read when the
 * receiver closes.
 */
package dev.moqbed.transport.udp.bench;
