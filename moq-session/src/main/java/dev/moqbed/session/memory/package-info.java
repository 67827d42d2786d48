/**
 * A {@link dev.moqbed.session.transport.TransportConnection} pair in memory, driven by a {@link
 * dev.moqbed.runtime.Scheduler}: each direction is a link with a one-way delay and a rate, over
 * which a sender serves streams by urgency (then opening order) in chunks of one packet's payload,
 * datagrams first. No loss, no congestion control: it is the ideal transport the roles' tests need,
 * deterministic in virtual time.
 */
package dev.moqbed.session.memory;
