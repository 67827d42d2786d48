package dev.moqbed.runtime;

/** The current time in microseconds: virtual in a simulation, real on a live network. */
@FunctionalInterface
public interface Clock {
  long nowMicros();
}
