package dev.moqbed.live.reconnect;

import dev.moqbed.session.ForwardingSessionListener;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * The listener of a client's first session while {@link RelayConnector#start} waits for its MoQT
 * setup: everything goes to the role, and {@link #setUp} completes when SERVER_SETUP has come, or
 * fails with a {@link SessionRefused} when the session closed before. That close does not reach the
 * role: for the role the refused session never began, and the start's caller reports the refusal
 * once, with what to fix, instead of a role ending without having run.
 */
final class SetupWatch extends ForwardingSessionListener {
  /** Completes at the session's setup; fails with {@link SessionRefused} if it closes first. */
  final CompletableFuture<Void> setUp = new CompletableFuture<>();

  private final InetSocketAddress relay;

  SetupWatch(MoqtSessionListener role, InetSocketAddress relay) {
    super(role);
    this.relay = relay;
  }

  @Override
  public void onReady(MoqtSession session) {
    setUp.complete(null);
    super.onReady(session);
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    if (setUp.isDone()) {
      super.onClosed(session, close);
    } else {
      setUp.completeExceptionally(new SessionRefused(relay, close));
    }
  }
}
