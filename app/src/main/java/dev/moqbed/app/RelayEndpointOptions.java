package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.netty.ClientTrust;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --relay}, {@code --relay-cert} and {@code --insecure}: which relay a client joins. */
final class RelayEndpointOptions {
  @Option(names = "--relay", required = true, paramLabel = "HOST:PORT", description = "The relay.")
  String relay;

  @Option(names = "--insecure", description = "Accept any relay certificate.")
  boolean insecure;

  @Option(
      names = "--relay-cert",
      paramLabel = "FILE",
      description = "Trust exactly this certificate (PEM), e.g. the relay's self-signed one.")
  Path relayCertificate;

  /** The relay's address; a one-line error when it is not HOST:PORT. */
  InetSocketAddress address() {
    return LiveSupport.parseAddress(relay);
  }

  /** The name its certificate must carry. */
  String serverName(InetSocketAddress address) {
    return LiveSupport.serverName(relay, address);
  }

  /** How the relay's certificate is checked. */
  ClientTrust trust() {
    if (relayCertificate != null) {
      InputPaths.requireReadableFile(relayCertificate, "--relay-cert");
    }
    return LiveSupport.trust(insecure, relayCertificate);
  }
}
