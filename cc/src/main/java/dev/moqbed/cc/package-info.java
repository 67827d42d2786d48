/**
 * Congestion controllers as plain objects: the {@link dev.moqbed.cc.CongestionController} plug
 * point, the transport's read-only {@link dev.moqbed.cc.PathView}, reusable per-event samples and
 * the {@link dev.moqbed.cc.ControllerRegistry} that builds a controller from an id such as {@code
 * cubic:flavor=rfc}.
 *
 * <p>This package and its sub-packages import the JDK only: no clock, no scheduler, no I/O. Every
 * input carries its own timestamp in microseconds, the unit picoquic uses throughout, so formulas
 * can be compared line by line with the reference.
 */
package dev.moqbed.cc;
