package dev.moqbed.relay;

import dev.moqbed.session.transport.PathStats;

/**
 * One open session as the relay holds it at one instant.
 *
 * @param peer the peer's address
 * @param publishes true when it published at least one namespace
 * @param subscriptions its subscriptions (including ended ones whose queue still drains)
 * @param queuedBytes payload bytes waiting in its queue
 * @param queuedObjects objects waiting in its queue
 * @param openStreams subgroup streams the relay holds open towards it
 * @param path the transport's view of the path to it ({@link PathStats#UNKNOWN} before setup)
 */
public record SessionSnapshot(
    String peer,
    boolean publishes,
    int subscriptions,
    long queuedBytes,
    long queuedObjects,
    int openStreams,
    PathStats path) {}
