/**
 * The MoQ chain in virtual time: the session interface over the project's QUIC model ({@link
 * dev.moqbed.scenarios.moq.QuicTransportConnection}) and the publisher → relay → subscriber chain
 * on a scenario's link ({@link dev.moqbed.scenarios.moq.MoqChainSimulation}).
 */
package dev.moqbed.scenarios.moq;
