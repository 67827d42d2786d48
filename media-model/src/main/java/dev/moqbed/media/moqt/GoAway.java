package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * GOAWAY: the sender will close the session soon. A server may name a new session URI; an empty URI
 * means "reconnect to the current one", and a client must always send it empty.
 */
public record GoAway(String newSessionUri) implements ControlMessage {
  /** Longest URI in bytes (draft-14 §9.4). */
  public static final int MAX_URI_BYTES = 8192;

  public GoAway {
    Objects.requireNonNull(newSessionUri, "newSessionUri");
  }
}
