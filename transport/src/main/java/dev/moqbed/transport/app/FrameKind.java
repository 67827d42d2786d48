package dev.moqbed.transport.app;

/** What a media frame is, for reports. */
public enum FrameKind {
  /** The first frame of a group on a stream (sized by the flow's {@code I} value). */
  I,
  /** Any later frame of a group on a stream. */
  P,
  /** A frame carried as a DATAGRAM (the draft's audio). */
  AUDIO
}
