package dev.moqbed.publisher;

import dev.moqbed.media.MediaObject;
import dev.moqbed.session.SessionClose;

/** What a publisher tells the program that runs it, on the publisher's scheduler thread. */
public interface PublisherEvents {

  /** The relay accepted the namespace. */
  default void onAnnounced() {}

  /** One line worth logging. */
  default void onLog(String line) {}

  /**
   * An object was handed to at least one subscription (its stream or datagram). With the frames a
   * subscriber received, this says which frames never arrived.
   */
  default void onObjectSent(MediaObject object) {}

  /** Every flow has sent its last frame and every subscription got PUBLISH_DONE. */
  default void onMediaFinished(PublisherReport report) {}

  /**
   * The session to the relay was lost and the publisher waits for a new one ({@link
   * Publisher#continueAcrossSessions()}); its media clock keeps running.
   */
  default void onDisconnected(String peer, SessionClose close) {}

  /** The session ended (after the linger time, or earlier when the relay went away). */
  default void onClosed(SessionClose close, PublisherReport report) {}
}
