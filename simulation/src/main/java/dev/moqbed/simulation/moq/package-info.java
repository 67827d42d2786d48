/**
 * The MoQ chain in virtual time: the session interface over the project's QUIC model ({@link
 * dev.moqbed.transport.session.QuicTransportConnection}) and the publisher → relay → subscriber
 * chain on a scenario's link ({@link dev.moqbed.simulation.moq.MoqChainSimulation}).
 */
package dev.moqbed.simulation.moq;
