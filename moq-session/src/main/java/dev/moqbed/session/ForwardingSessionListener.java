package dev.moqbed.session;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;

/**
 * Passes every event of a session to another listener: the base of listeners that watch a session
 * on its way to the role (its setup, its close) and override only those events.
 */
public abstract class ForwardingSessionListener implements MoqtSessionListener {
  private final MoqtSessionListener delegate;

  protected ForwardingSessionListener(MoqtSessionListener delegate) {
    this.delegate = delegate;
  }

  @Override
  public void onReady(MoqtSession session) {
    delegate.onReady(session);
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    delegate.onClosed(session, close);
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    delegate.onControlMessage(session, message);
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    delegate.onSubgroupStarted(session, reader);
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    delegate.onObject(session, reader, object);
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    delegate.onSubgroupEnded(session, reader, reset, errorCode);
  }

  @Override
  public void onSubgroupCredit(MoqtSession session) {
    delegate.onSubgroupCredit(session);
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    delegate.onDatagram(session, datagram);
  }
}
