package dev.moqbed.cc;

/** Creates controllers of one algorithm with fixed options; one controller per path. */
public interface ControllerFactory {

  /** The canonical spec this factory was built from, e.g. {@code "cubic:flavor=rfc"}. */
  String spec();

  CongestionController create(ControllerEnvironment environment);
}
