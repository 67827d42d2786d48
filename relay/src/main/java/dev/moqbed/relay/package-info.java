/**
 * The MoQ relay role: accepts publishers' namespaces and subscribers' subscriptions, keeps one
 * upstream subscription per track whatever the number of subscribers, and forwards each object to
 * every subscriber through that subscriber's own queue, which never blocks the publisher or the
 * other subscribers. Event-driven on a {@link dev.moqbed.runtime.Scheduler}.
 */
package dev.moqbed.relay;
