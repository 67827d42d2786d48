/**
 * WebTransport over HTTP/3 as sans-IO state machines: {@link
 * dev.moqbed.webtransport.session.WebTransportServer} and {@link
 * dev.moqbed.webtransport.session.WebTransportClient} take the bytes of the connection's streams
 * and its datagrams, and answer through a {@link
 * dev.moqbed.webtransport.session.QuicConnectionPort} (open a stream, write, reset, send a
 * datagram, close) and a {@link dev.moqbed.webtransport.session.WebTransportListener} (sessions,
 * their streams, datagrams). No socket and no clock: whoever owns the QUIC connection drives them.
 */
package dev.moqbed.webtransport.session;
