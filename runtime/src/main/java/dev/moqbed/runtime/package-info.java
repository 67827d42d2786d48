/**
 * Time and randomness for everything above it: the {@link dev.moqbed.runtime.Clock} and {@link
 * dev.moqbed.runtime.Scheduler} interfaces that protocol code receives instead of reading the wall
 * clock, the deterministic {@link dev.moqbed.runtime.VirtualScheduler}, seeded {@link
 * dev.moqbed.runtime.RandomStreams}, and parsing of quantities such as {@code 80ms} or {@code
 * 20mbit}.
 *
 * <p>Times are microseconds, the unit of the reference simulator picoquic_ns. This package depends
 * on the JDK only and never reads the wall clock.
 */
package dev.moqbed.runtime;
