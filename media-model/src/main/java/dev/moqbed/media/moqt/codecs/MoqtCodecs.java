package dev.moqbed.media.moqt.codecs;

import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.draft14.Draft14Codec;

/**
 * The codec of each MoQT version. It lives above the version packages ({@code draft14}, later
 * others) so that {@code moqt}, which they implement, does not depend on them in turn.
 */
public final class MoqtCodecs {
  private MoqtCodecs() {}

  /** The codec for {@code version}, enforcing {@code limits}. */
  public static MoqtCodec create(MoqtVersion version, MoqtLimits limits) {
    switch (version) {
      case DRAFT_14:
        return new Draft14Codec(limits);
      default:
        throw new AssertionError(version);
    }
  }
}
