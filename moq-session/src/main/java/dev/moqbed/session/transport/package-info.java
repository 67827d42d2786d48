/**
 * What a QUIC connection offers a MoQ session, and nothing more: bidirectional and unidirectional
 * streams with an urgency, DATAGRAM frames, STOP_SENDING and RESET_STREAM both ways, path
 * statistics. Implemented over Netty's QUIC codec ({@code dev.moqbed.netty}), in memory in virtual
 * time ({@code dev.moqbed.session.memory}), and over the project's own transport model in virtual
 * time ({@code dev.moqbed.transport.session.QuicTransportConnection}).
 *
 * <p>Threading: every call and every callback of one connection happens on the thread of the {@link
 * dev.moqbed.runtime.Scheduler} that drives it. Nothing blocks; writes are accepted and buffered,
 * and {@link dev.moqbed.session.transport.SendStream#isWritable()} tells a sender when to hold
 * back.
 */
package dev.moqbed.session.transport;
