/**
 * Simulations: the transport model's connections on the network simulator, in virtual time. A
 * {@link dev.moqbed.simulation.Simulation} holds the two nodes of picoquic_ns (server and client),
 * their shared bottleneck links, and up to five connections between them.
 */
package dev.moqbed.simulation;
