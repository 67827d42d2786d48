package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.output.TerminalText;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code relay} prints once it listens, in lines that fit {@link TerminalText#WIDTH} columns
 * (issue 32: the single line ran to 449 columns): a headline per door, then one indented line per
 * fact. The headlines keep their words ({@code moqbed relay: listening on ADDRESS}, {@code moqbed
 * relay: watch it in a browser:}) since scripts and tests wait for them, and the {@code watch}
 * command stays one shell command a person can paste (a backslash continues it when it is too
 * wide).
 */
final class RelayBanner {
  private static final String INDENT = "  ";
  private static final String CONTINUED = "    ";

  /**
   * The raw-QUIC door's facts, each already in words.
   *
   * @param address where the relay listens
   * @param transport the stack, socket layer, loops and admission, comma-separated
   * @param certificate the certificate file
   * @param metricsUrl the Prometheus endpoint, or null
   * @param limits the sessions', subscriptions' and buffers' limits
   * @param upstream the upstream relay, or null
   * @param access who may publish and subscribe
   */
  record Listening(
      InetSocketAddress address,
      String transport,
      String certificate,
      String metricsUrl,
      String limits,
      String upstream,
      String access) {}

  private RelayBanner() {}

  /** The banner: the raw-QUIC door, then the WebTransport one when it is open. */
  static String text(Listening listening, LiveStack stack, ServerCertificate tls) {
    List<String> lines = new ArrayList<>();
    lines.add("moqbed relay: listening on " + listening.address());
    indented(lines, listening.transport());
    indented(lines, "certificate " + listening.certificate());
    if (listening.metricsUrl() != null) {
      indented(lines, "metrics on " + listening.metricsUrl());
    }
    indented(lines, "limits: " + listening.limits());
    if (listening.upstream() != null) {
      indented(lines, "upstream relay " + listening.upstream());
    }
    indented(lines, listening.access());
    webTransport(lines, stack, listening.address(), tls);
    return String.join("\n", lines);
  }

  /**
   * The lines for browsers, when WebTransport is on: the URL and the certificate's SHA-256, which a
   * page passes as {@code serverCertificateHashes} when the certificate is self-signed, and the
   * {@code watch} command that does.
   */
  private static void webTransport(
      List<String> lines, LiveStack stack, InetSocketAddress address, ServerCertificate tls) {
    if (stack.webTransportPath() == null) {
      return;
    }
    String host =
        address.getAddress().isAnyLocalAddress() || address.getAddress().isLoopbackAddress()
            ? "localhost"
            : address.getHostString();
    String url = "https://" + host + ":" + address.getPort() + stack.webTransportPath();
    lines.add("moqbed relay: WebTransport on " + url + " (HTTP/3, same port)");
    indented(lines, "certificate SHA-256 " + tls.sha256Hex());
    if (!tls.isHashPinnable(Instant.now())) {
      indented(lines, "not pinnable by hash: give browsers a certificate they trust");
      return;
    }
    indented(lines, "a page may pin it with serverCertificateHashes until " + tls.notAfter());
    lines.add("moqbed relay: watch it in a browser:");
    String command = INDENT + "./moqbed watch " + url;
    String hash = "--cert-hash " + tls.sha256Hex();
    if (command.length() + 1 + hash.length() <= TerminalText.WIDTH) {
      lines.add(command + " " + hash);
    } else {
      lines.add(command + " \\");
      lines.add(CONTINUED + hash);
    }
  }

  /** {@code text} under its headline: wrapped, its continuation lines indented further. */
  private static void indented(List<String> lines, String text) {
    String[] wrapped = TerminalText.wrap(text, TerminalText.WIDTH - CONTINUED.length()).split("\n");
    for (int i = 0; i < wrapped.length; i++) {
      lines.add((i == 0 ? INDENT : CONTINUED) + wrapped[i]);
    }
  }
}
