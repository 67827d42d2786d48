package dev.moqbed.session;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;
import java.util.ArrayList;
import java.util.List;

/** Records what a session tells its role, as text lines and objects. */
class RecordingListener implements MoqtSessionListener {
  final List<String> events = new ArrayList<>();
  final List<ControlMessage> messages = new ArrayList<>();
  final List<SubgroupObject> objects = new ArrayList<>();
  final List<ObjectDatagram> datagrams = new ArrayList<>();
  final List<SubgroupReader> readers = new ArrayList<>();
  MoqtSession session;
  SessionClose close;

  @Override
  public void onReady(MoqtSession session) {
    this.session = session;
    events.add("ready");
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    messages.add(message);
    events.add("control " + message.getClass().getSimpleName());
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    readers.add(reader);
    events.add("started group " + reader.header().groupId());
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    objects.add(object);
    events.add("object " + reader.header().groupId() + "/" + object.objectId());
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    events.add(
        "ended group " + reader.header().groupId() + (reset ? " reset " + errorCode : " fin"));
  }

  @Override
  public void onSubgroupCredit(MoqtSession session) {
    events.add("credit");
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    datagrams.add(datagram);
    events.add("datagram " + datagram.groupId());
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    this.close = close;
    events.add("closed " + close.code() + (close.byPeer() ? " by peer" : ""));
  }
}
