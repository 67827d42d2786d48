/**
 * The MoQ publisher role: turns the flows of a media spec into MoQT objects (audio as object
 * datagrams, video as one subgroup stream per group), stamped with their capture time, for every
 * subscription of its namespace. Event-driven on a {@link dev.moqbed.runtime.Scheduler}; the same
 * code runs in virtual time and on Netty's event loop.
 */
package dev.moqbed.publisher;
