/**
 * The MoQ session the roles use: MoQT (draft-14 first) over a {@link
 * dev.moqbed.session.transport.TransportConnection}. One bidirectional control stream carrying
 * control messages, one unidirectional stream per subgroup with an urgency, object datagrams,
 * STOP_SENDING and RESET_STREAM both ways, path statistics. Event-driven: a {@link
 * dev.moqbed.session.MoqtSessionListener} receives everything on the connection's scheduler thread;
 * nothing blocks.
 */
package dev.moqbed.session;
