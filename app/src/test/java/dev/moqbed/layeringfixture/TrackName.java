package dev.moqbed.layeringfixture;

/** Shares its name with the media model's type on purpose (see LayeringTest). */
public final class TrackName {
  private TrackName() {}
}
