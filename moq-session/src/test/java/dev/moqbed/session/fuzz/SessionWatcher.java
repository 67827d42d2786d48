package dev.moqbed.session.fuzz;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;

/**
 * The role on the session under test. It acts a little like a real one, so that the session's paths
 * for a role's reactions run too: it refuses every SUBSCRIBE and stops every subgroup stream of an
 * odd group. It counts closes and anything heard after the close.
 */
final class SessionWatcher implements MoqtSessionListener {
  private SessionClose close;
  private int closes;
  private int eventsAfterClose;
  private int events;

  SessionClose close() {
    return close;
  }

  int closes() {
    return closes;
  }

  /** Everything the role heard but the close: how deep into the session a peer got. */
  int events() {
    return events;
  }

  int eventsAfterClose() {
    return eventsAfterClose;
  }

  @Override
  public void onReady(MoqtSession session) {
    heard();
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    heard();
    if (message instanceof Subscribe subscribe) {
      session.send(new SubscribeError(subscribe.requestId(), 0x0, "not here"));
    }
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    heard();
    if (reader.header().groupId() % 2 == 1) {
      reader.stopSending(0x0);
    }
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    heard();
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    heard();
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    heard();
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    this.close = close;
    closes++;
  }

  private void heard() {
    events++;
    if (closes > 0) {
      eventsAfterClose++;
    }
  }
}
