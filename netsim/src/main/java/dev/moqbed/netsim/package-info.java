/**
 * The discrete-event network of the reference simulator picoquic_ns, in virtual time: {@link
 * dev.moqbed.netsim.SimulatedLink} (serializer, latency, drop-tail in time, FIFO delivery, jitter,
 * suspension, burst loss), its {@link dev.moqbed.netsim.JitterModel}s and {@link
 * dev.moqbed.netsim.SplitMix64} generator, {@link dev.moqbed.netsim.LinkSchedule}s with the
 * built-in {@link dev.moqbed.netsim.LinkScenario}s and the custom phase text, the DualQ coupled AQM
 * ({@link dev.moqbed.netsim.AqmQuirks}), and the two-node {@link dev.moqbed.netsim.TwoNodeNetwork}
 * that carries {@link dev.moqbed.transport.Datagram}s. See {@code docs/netsim.md}.
 */
package dev.moqbed.netsim;
