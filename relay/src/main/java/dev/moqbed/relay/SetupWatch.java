package dev.moqbed.relay;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;

/**
 * Passes a session's events to the relay's handler, and tells the {@link SetupGate} when the
 * session stops awaiting its setup: once set up, or closed before.
 */
final class SetupWatch implements MoqtSessionListener {
  private final MoqtSessionListener handler;
  private final SetupGate.Pending pending;

  SetupWatch(MoqtSessionListener handler, SetupGate.Pending pending) {
    this.handler = handler;
    this.pending = pending;
  }

  @Override
  public void onReady(MoqtSession session) {
    pending.settle();
    handler.onReady(session);
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    pending.settle();
    handler.onClosed(session, close);
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    handler.onControlMessage(session, message);
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    handler.onSubgroupStarted(session, reader);
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    handler.onObject(session, reader, object);
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    handler.onSubgroupEnded(session, reader, reset, errorCode);
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    handler.onDatagram(session, datagram);
  }

  @Override
  public void onSubgroupCredit(MoqtSession session) {
    handler.onSubgroupCredit(session);
  }
}
