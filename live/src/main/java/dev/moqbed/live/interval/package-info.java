/**
 * Interval reports, iperf3's way: each role's {@link dev.moqbed.live.interval.IntervalProbe} counts
 * on the role's own event loop, an {@link dev.moqbed.live.interval.IntervalSampler} takes it every
 * interval on that loop, and the {@link dev.moqbed.live.interval.IntervalCollector} joins the
 * roles' intervals and prints each on a thread of its own, as one {@link
 * dev.moqbed.live.interval.IntervalLine}.
 */
package dev.moqbed.live.interval;
