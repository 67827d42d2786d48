package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.RelayUrl;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --relay}, {@code --relay-cert} and {@code --insecure}: which relay a client joins. */
final class RelayEndpointOptions {
  @Option(
      names = "--relay",
      required = true,
      paramLabel = "HOST:PORT|URL",
      description =
          "The relay: HOST:PORT for MoQT over raw QUIC, or https://HOST:PORT/PATH for MoQT over"
              + " WebTransport (HTTP/3; path /moq when none; --transport moqbed).")
  String relay;

  @Option(names = "--insecure", description = "Accept any relay certificate.")
  boolean insecure;

  @Option(
      names = "--relay-cert",
      paramLabel = "FILE",
      description = "Trust exactly this certificate (PEM), e.g. the relay's self-signed one.")
  Path relayCertificate;

  /** The relay's address; a one-line error when it is neither HOST:PORT nor an https URL. */
  InetSocketAddress address() {
    return url().address();
  }

  /** The name its certificate must carry. */
  String serverName(InetSocketAddress address) {
    return url().serverName();
  }

  /** {@code stack}, over WebTransport when the relay was given as an https URL. */
  LiveStack route(LiveStack stack) {
    return url().route(stack);
  }

  private RelayUrl url() {
    return RelayUrl.parse(relay);
  }

  /** How the relay's certificate is checked. */
  ClientTrust trust() {
    if (relayCertificate != null) {
      InputPaths.requireReadableFile(relayCertificate, "--relay-cert");
    }
    return LiveSupport.trust(insecure, relayCertificate);
  }
}
