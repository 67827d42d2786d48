package dev.moqbed.session;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;

/** Calls the role's listener and makes sure it hears {@code onClosed} exactly once. */
final class MoqtListenerHolder {
  private final MoqtSessionListener listener;
  private boolean closeReported;

  MoqtListenerHolder(MoqtSessionListener listener) {
    this.listener = listener;
  }

  void ready(MoqtSession session) {
    listener.onReady(session);
  }

  void control(MoqtSession session, ControlMessage message) {
    listener.onControlMessage(session, message);
  }

  void subgroupStarted(MoqtSession session, SubgroupReader reader) {
    listener.onSubgroupStarted(session, reader);
  }

  void object(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    listener.onObject(session, reader, object);
  }

  void subgroupEnded(MoqtSession session, SubgroupReader reader, boolean reset, long code) {
    listener.onSubgroupEnded(session, reader, reset, code);
  }

  void subgroupCredit(MoqtSession session) {
    listener.onSubgroupCredit(session);
  }

  void datagram(MoqtSession session, ObjectDatagram datagram) {
    listener.onDatagram(session, datagram);
  }

  void closed(MoqtSession session, SessionClose close) {
    if (!closeReported) {
      closeReported = true;
      listener.onClosed(session, close);
    }
  }
}
