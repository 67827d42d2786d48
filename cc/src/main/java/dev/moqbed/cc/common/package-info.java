/**
 * Helpers shared by the window-based controllers, ported from picoquic's {@code cc_common.c} and
 * {@code pacing.c} (private-octopus/picoquic master {@code d199d45}): the 7-sample min/max RTT
 * ring, picoquic's HyStart test, the two smoothed loss filters, the slow-start growth rules, the
 * long-RTT window floor and the window-derived pacing rule. It also holds a Nichols-style windowed
 * max/min filter for BBR.
 *
 * <p>Every class here is a small mutable object or a set of pure functions; none allocates after
 * construction, so controllers may call them on every ACK.
 */
package dev.moqbed.cc.common;
