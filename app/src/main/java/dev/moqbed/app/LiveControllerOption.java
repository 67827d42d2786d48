package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.netty.QuicSettings;
import picocli.CommandLine.Option;

/** {@code --cc} of the live commands: the controller of an endpoint on real QUIC. */
final class LiveControllerOption {
  @Option(
      names = "--cc",
      paramLabel = "ID",
      defaultValue = "quiche:cubic",
      description = LiveHelp.CC_OPTION)
  String controller;

  /** The QUIC settings for this controller; a one-line error for an unknown id. */
  QuicSettings settings() {
    return LiveSupport.settings(controller);
  }
}
