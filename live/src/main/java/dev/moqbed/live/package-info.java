/**
 * The roles on real QUIC: the live relay, publisher and subscriber programs, and the loopback chain
 * that runs all three in one process.
 */
package dev.moqbed.live;
