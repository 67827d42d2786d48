package dev.moqbed.live.reconnect;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * The listener of a client's first session while {@link RelayConnector#start} waits for its MoQT
 * setup: everything goes to the role, and {@link #setUp} completes when SERVER_SETUP has come, or
 * fails with a {@link SessionRefused} when the session closed before. That close does not reach the
 * role: for the role the refused session never began, and the start's caller reports the refusal
 * once, with what to fix, instead of a role ending without having run.
 */
final class SetupWatch implements MoqtSessionListener {
  /** Completes at the session's setup; fails with {@link SessionRefused} if it closes first. */
  final CompletableFuture<Void> setUp = new CompletableFuture<>();

  private final MoqtSessionListener role;
  private final InetSocketAddress relay;

  SetupWatch(MoqtSessionListener role, InetSocketAddress relay) {
    this.role = role;
    this.relay = relay;
  }

  @Override
  public void onReady(MoqtSession session) {
    setUp.complete(null);
    role.onReady(session);
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    if (setUp.isDone()) {
      role.onClosed(session, close);
    } else {
      setUp.completeExceptionally(new SessionRefused(relay, close));
    }
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    role.onControlMessage(session, message);
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    role.onSubgroupStarted(session, reader);
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    role.onObject(session, reader, object);
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    role.onSubgroupEnded(session, reader, reset, errorCode);
  }

  @Override
  public void onSubgroupCredit(MoqtSession session) {
    role.onSubgroupCredit(session);
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    role.onDatagram(session, datagram);
  }
}
