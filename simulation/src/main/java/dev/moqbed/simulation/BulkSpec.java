package dev.moqbed.simulation;

import dev.moqbed.netsim.LinkSchedule;

/**
 * A single bulk transfer over a simulated path: the non-media case of the C4 test draft ({@code
 * alone} and its variants).
 *
 * @param schedule the link, possibly changing over time
 * @param nominalRateBitsPerSecond the rate the load is measured against (the spec's base rate)
 * @param controller the controller spec of the connection, e.g. {@code cubic}
 * @param postBytes what the client sends (397 for a download)
 * @param responseBytes what the server answers
 */
public record BulkSpec(
    LinkSchedule schedule,
    long nominalRateBitsPerSecond,
    String controller,
    long postBytes,
    long responseBytes) {}
