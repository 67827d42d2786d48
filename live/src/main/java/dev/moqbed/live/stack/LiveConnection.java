package dev.moqbed.live.stack;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.session.transport.TransportConnection;

/**
 * A connection ready for a MoQT session, whatever the stack, with the event loop its callbacks run
 * on: the scheduler the role on top of it must use.
 */
public record LiveConnection(TransportConnection transport, EventLoopScheduler scheduler) {}
