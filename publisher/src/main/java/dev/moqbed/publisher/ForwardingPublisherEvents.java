package dev.moqbed.publisher;

import dev.moqbed.media.MediaObject;
import dev.moqbed.session.SessionClose;

/**
 * Passes every event of a publisher on to another receiver: the base of observers that watch the
 * events on their way to the program (a report's clock, a counter) and override only those they
 * react to, calling {@code super} to pass them on.
 */
public abstract class ForwardingPublisherEvents implements PublisherEvents {
  private final PublisherEvents delegate;

  protected ForwardingPublisherEvents(PublisherEvents delegate) {
    this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public void onAnnounced() {
    delegate.onAnnounced();
  }

  @Override
  public void onLog(String line) {
    delegate.onLog(line);
  }

  @Override
  public void onObjectSent(MediaObject object) {
    delegate.onObjectSent(object);
  }

  @Override
  public void onMediaFinished(PublisherReport report) {
    delegate.onMediaFinished(report);
  }

  @Override
  public void onDisconnected(String peer, SessionClose close) {
    delegate.onDisconnected(peer, close);
  }

  @Override
  public void onClosed(SessionClose close, PublisherReport report) {
    delegate.onClosed(close, report);
  }
}
