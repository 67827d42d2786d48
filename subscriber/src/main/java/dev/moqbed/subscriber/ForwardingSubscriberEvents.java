package dev.moqbed.subscriber;

/**
 * Passes every event of a subscriber on to another receiver: the base of observers that watch the
 * events on their way to the program (a frames file, a counter) and override only those they react
 * to, calling {@code super} to pass them on.
 */
public abstract class ForwardingSubscriberEvents implements SubscriberEvents {
  private final SubscriberEvents delegate;

  protected ForwardingSubscriberEvents(SubscriberEvents delegate) {
    this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public void onLog(String line) {
    delegate.onLog(line);
  }

  @Override
  public void onSubscriptionsAnswered(int accepted, int refused) {
    delegate.onSubscriptionsAnswered(accepted, refused);
  }

  @Override
  public void onFrame(FrameRecord frame) {
    delegate.onFrame(frame);
  }

  @Override
  public void onDisconnected(String reason) {
    delegate.onDisconnected(reason);
  }

  @Override
  public void onGap(GapRecord gap) {
    delegate.onGap(gap);
  }

  @Override
  public void onFinished(SubscriberReport report) {
    delegate.onFinished(report);
  }
}
