/**
 * qlog (draft-ietf-quic-qlog-main-schema and quic-events, version 0.3 in JSON-SEQ, as qvis reads
 * it) for the transport model: {@link dev.moqbed.transport.qlog.ConnectionQlog} observes one end of
 * a {@code QuicConnection} from outside and writes its packets, losses, recovery metrics and the
 * controller's state. See docs/qlog.md.
 */
package dev.moqbed.transport.qlog;
