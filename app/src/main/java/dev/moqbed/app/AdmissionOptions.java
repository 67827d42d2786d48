package dev.moqbed.app;

import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.live.stack.ServerRetry;
import dev.moqbed.transport.endpoint.EndpointLimits;
import picocli.CommandLine.Option;

/** The relay's options for who may start a QUIC handshake, on the project's stack. */
final class AdmissionOptions {
  @Option(
      names = "--retry",
      paramLabel = "WHEN",
      defaultValue = "auto",
      description =
          "When a client must first prove its address with a QUIC Retry (RFC 9000 §8.1.2), on the"
              + " project's stack: auto (once 128 handshakes are in progress: a flood of spoofed"
              + " Initials then costs a small packet each and no state), always, never (default"
              + " ${DEFAULT-VALUE}). quiche's server sends a Retry to every client.")
  String retry;

  @Option(
      names = "--handshake-rate",
      paramLabel = "N",
      defaultValue = "" + EndpointLimits.DEFAULT_HANDSHAKES_PER_SECOND,
      description =
          "QUIC handshakes the project's stack starts per second from all addresses (a burst of"
              + " twice as many), so that a flood of real clients leaves the media most of the"
              + " core; past it a client without a Retry token gets a Retry, one with a token"
              + " tries again with its next Initial (default ${DEFAULT-VALUE}).")
  int handshakeRate;

  @Option(
      names = "--handshake-rate-per-address",
      paramLabel = "N",
      defaultValue = "" + EndpointLimits.DEFAULT_HANDSHAKES_PER_SECOND_PER_SOURCE,
      description =
          "The same per client address (a burst of a second's worth, at least 64), so that one"
              + " address cannot take the whole rate (default ${DEFAULT-VALUE}).")
  int handshakeRatePerAddress;

  /** What the options say; a one-line error for a value out of range. */
  ServerAdmission admission() {
    return new ServerAdmission(ServerRetry.ofLabel(retry), handshakeRate, handshakeRatePerAddress);
  }

  /** For the banner: the admission as the options set it. */
  static String text(ServerAdmission admission) {
    return ", Retry "
        + admission.retry().label()
        + ", "
        + admission.handshakesPerSecond()
        + " handshakes/s ("
        + admission.handshakesPerSecondPerAddress()
        + " per address)";
  }
}
