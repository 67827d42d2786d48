/**
 * A userspace link emulator on real UDP sockets: netsim's links ({@code SimulatedLink} in a {@code
 * TwoNodeNetwork}) driven by a real-time event loop, between the clients of a listening socket and
 * one forward address; the parser of its link specs; and the bench that measures its accuracy.
 * netsim stays a pure model: everything that touches a socket or the wall clock is here.
 */
package dev.moqbed.netem;
