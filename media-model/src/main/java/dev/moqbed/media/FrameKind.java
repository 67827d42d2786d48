package dev.moqbed.media;

/** What a media object carries, as the per-frame latency records distinguish it. */
public enum FrameKind {
  /** A video frame that starts a group and decodes on its own. */
  I,
  /** A video frame that depends on earlier frames of its group. */
  P,
  /** An audio frame, sent as a datagram. */
  AUDIO
}
