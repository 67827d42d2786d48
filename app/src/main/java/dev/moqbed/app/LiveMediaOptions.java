package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.media.spec.MediaSpec;
import picocli.CommandLine.Option;

/** {@code --spec} and {@code --mix}: the media a live command publishes. */
final class LiveMediaOptions {
  @Option(
      names = "--spec",
      paramLabel = "TEXT",
      description =
          "Media in quicperf scenario text, each flow id a track name (default: the draft's"
              + " media mix).")
  String spec;

  @Option(
      names = "--mix",
      paramLabel = "NAME",
      description = "A built-in mix: draft-media (the default: a1, vlow, vmid).")
  String mix;

  /** The media asked for; one-line error when both or a bad one is given. */
  MediaSpec media() {
    return LiveSupport.media(spec, mix);
  }
}
