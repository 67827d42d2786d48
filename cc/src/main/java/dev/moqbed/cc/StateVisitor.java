package dev.moqbed.cc;

/**
 * Receives a controller's state for traces and metrics. Names are constant strings so that
 * describing a controller allocates nothing.
 */
public interface StateVisitor {
  /** The controller's state or phase, e.g. {@code "slow_start"}, {@code "probe_bw_up"}. */
  void state(String name);

  /** One named variable, e.g. {@code ("ssthresh", 30000)}; the name carries its unit. */
  void value(String name, long value);
}
