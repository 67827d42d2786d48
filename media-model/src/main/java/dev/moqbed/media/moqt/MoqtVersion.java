package dev.moqbed.media.moqt;

import java.util.Optional;

/**
 * The MoQT versions this project speaks. Each names its raw-QUIC ALPN token and, for drafts that
 * negotiate the version inside CLIENT_SETUP, the version number offered there. Later drafts (-16,
 * -18, -22: ALPN {@code moqt-NN}, other setup and varint layouts) are added here as new constants
 * with their own codec ({@link dev.moqbed.media.moqt.codecs.MoqtCodecs}).
 */
public enum MoqtVersion {
  /** draft-ietf-moq-transport-14: ALPN {@code moq-00}, version 0xff00000e in the setup messages. */
  DRAFT_14("moq-00", 0xff00000eL);

  private final String alpn;
  private final long setupVersionNumber;

  MoqtVersion(String alpn, long setupVersionNumber) {
    this.alpn = alpn;
    this.setupVersionNumber = setupVersionNumber;
  }

  /** The ALPN token for MoQT directly over QUIC. */
  public String alpn() {
    return alpn;
  }

  /** The number that identifies this version in CLIENT_SETUP / SERVER_SETUP. */
  public long setupVersionNumber() {
    return setupVersionNumber;
  }

  /** The version whose setup messages carry {@code number}, if this project speaks it. */
  public static Optional<MoqtVersion> fromSetupVersionNumber(long number) {
    for (MoqtVersion version : values()) {
      if (version.setupVersionNumber == number) {
        return Optional.of(version);
      }
    }
    return Optional.empty();
  }
}
