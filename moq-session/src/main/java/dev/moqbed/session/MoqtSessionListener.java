package dev.moqbed.session;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupObject;

/**
 * What a role hears from a {@link MoqtSession}, on the session's scheduler thread. The session has
 * already decoded and checked the bytes; a peer that breaks the protocol closes the session ({@link
 * #onClosed} with {@link SessionClose#protocolViolation()}).
 */
public interface MoqtSessionListener {

  /** Setup is complete (CLIENT_SETUP / SERVER_SETUP exchanged); requests may flow. */
  default void onReady(MoqtSession session) {}

  /** A control message other than the setup messages. */
  default void onControlMessage(MoqtSession session, ControlMessage message) {}

  /** A peer-opened subgroup stream whose header has been decoded. */
  default void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {}

  /** The next object of a subgroup stream, whole, in stream order. */
  default void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {}

  /**
   * A subgroup stream ended: finished by the peer ({@code reset} false) or reset ({@code reset}
   * true, with the peer's code). Not called for a stream we stopped.
   */
  default void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {}

  /**
   * The peer allows more subgroup streams again (its QUIC stream limit grew): {@link
   * MoqtSession#canOpenSubgroup()} may be true again.
   */
  default void onSubgroupCredit(MoqtSession session) {}

  /** An object datagram. */
  default void onDatagram(MoqtSession session, ObjectDatagram datagram) {}

  /** The session ended; nothing follows. */
  default void onClosed(MoqtSession session, SessionClose close) {}
}
