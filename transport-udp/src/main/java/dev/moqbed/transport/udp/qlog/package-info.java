/**
 * qlog of the project's stack on real sockets: {@link dev.moqbed.transport.udp.qlog.QlogFiles} taps
 * each connection of an endpoint with the simulator's {@code ConnectionQlog} (the same events and
 * fields, times from the connection's start on the loop's clock) and writes one {@code .sqlog} file
 * per connection from a thread of its own, so a slow disk never stalls the event loop: what the
 * writer cannot take in time is dropped and counted. See docs/qlog.md.
 */
package dev.moqbed.transport.udp.qlog;
