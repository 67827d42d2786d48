package dev.moqbed.relay;

/** What the relay tells the program that runs it, on the relay's scheduler thread. */
@FunctionalInterface
public interface RelayEvents {

  /** One line worth logging (sessions coming and going, refusals, protocol violations). */
  void onLog(String line);
}
