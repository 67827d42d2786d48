package dev.moqbed.relay;

/**
 * What the relay did for one subscription.
 *
 * @param session the subscriber's connection
 * @param track the full track name
 * @param objectsForwarded objects handed to the subscriber's connection
 * @param streamsOpened subgroup streams opened to the subscriber
 * @param stopSendingReceived subgroup streams the subscriber stopped
 * @param groupsDropped groups the relay dropped from the subscriber's queue (queue full)
 * @param queuedBytes bytes waiting in the subscriber's queue now
 */
public record SubscriberStats(
    String session,
    String track,
    long objectsForwarded,
    long streamsOpened,
    long stopSendingReceived,
    long groupsDropped,
    long queuedBytes) {}
