package dev.moqbed.relay;

import dev.moqbed.relay.auth.RequestAuthorizer;
import dev.moqbed.runtime.Scheduler;

/**
 * What every part of one relay shares and never changes: its clock, its limits and where it
 * reports. One record rather than four constructor arguments on each side of each connection.
 *
 * @param scheduler the relay's scheduler; every callback runs on it
 * @param config the relay's limits
 * @param events where log lines go
 * @param observer where metrics events go
 * @param authorizer who may publish and subscribe what
 */
record RelayContext(
    Scheduler scheduler,
    RelayConfig config,
    RelayEvents events,
    RelayObserver observer,
    RequestAuthorizer authorizer) {}
