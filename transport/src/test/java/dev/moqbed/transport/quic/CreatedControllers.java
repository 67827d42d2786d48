package dev.moqbed.transport.quic;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A controller factory for a {@link ConnectionPair} that keeps the controllers it creates, in the
 * order it creates them: a {@code ConnectionPair} creates the server's first, so {@link #first()}
 * is the server's when the same factory serves both ends.
 */
final class CreatedControllers<T extends CongestionController> implements ControllerFactory {
  private final Function<ControllerEnvironment, T> constructor;
  private final List<T> created = new ArrayList<>();

  CreatedControllers(Function<ControllerEnvironment, T> constructor) {
    this.constructor = constructor;
  }

  @Override
  public String spec() {
    return "recording";
  }

  @Override
  public CongestionController create(ControllerEnvironment environment) {
    T controller = constructor.apply(environment);
    created.add(controller);
    return controller;
  }

  /** The first controller created: the server's (null before the pair is built). */
  T first() {
    return created.isEmpty() ? null : created.get(0);
  }

  /** Every controller created so far, in order. */
  List<T> all() {
    return created;
  }
}
