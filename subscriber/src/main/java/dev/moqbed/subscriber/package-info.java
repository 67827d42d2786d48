/**
 * The MoQ subscriber role: subscribes to tracks, measures every frame's latency (complete arrival
 * minus capture time) in HdrHistogram per track and frame kind, and sends STOP_SENDING on a
 * droppable layer's group stream when a frame arrives later than its deadline. Event-driven on a
 * {@link dev.moqbed.runtime.Scheduler}.
 */
package dev.moqbed.subscriber;
