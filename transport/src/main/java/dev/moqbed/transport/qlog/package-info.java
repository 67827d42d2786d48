/**
 * qlog 0.3 in JSON-SEQ (draft-ietf-quic-qlog-main-schema-04 and quic-events-04, the revision pair
 * qvis reads) for the transport model: {@link dev.moqbed.transport.qlog.ConnectionQlog} observes
 * one end of a {@code QuicConnection} from outside and writes its packets, losses, recovery metrics
 * and the controller's state, moqbed's own events and frames declared in the trace's header. See
 * docs/qlog.md.
 */
package dev.moqbed.transport.qlog;
