package dev.moqbed.app;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.ServerCertificate;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Renews the relay's self-signed certificate while it runs. Browsers take a self-signed certificate
 * through {@code serverCertificateHashes} only while it is valid for at most 14 days, so a relay
 * that runs longer than its certificate's 13 days would refuse every new page; the certificate is
 * checked every hour, and with less than {@link ServerCertificate#RENEW_BEFORE} left a new one is
 * written to the certificate directory and serves every handshake from then on (connections open
 * keep theirs). Its new hash is logged with the {@code watch} command that pins it.
 *
 * <p>Only the project's QUIC stack can change its certificate while it runs; on quiche the relay
 * says once that it must be restarted, and leaves the files alone until then.
 */
final class CertificateRenewal implements AutoCloseable {
  static final Duration CHECK_EVERY = Duration.ofHours(1);

  private final RelayNode node;
  private final boolean renewable;
  private final Path directory;
  private final Consumer<ServerCertificate> onRenewed;
  private final Consumer<String> log;
  private final ScheduledExecutorService timer;
  private volatile ServerCertificate current;
  private boolean warned;

  /**
   * @param renewable whether the node's stack can change its certificate while it runs (the
   *     project's stack can, quiche cannot)
   */
  CertificateRenewal(
      RelayNode node,
      boolean renewable,
      ServerCertificate certificate,
      Path directory,
      Consumer<ServerCertificate> onRenewed,
      Consumer<String> log) {
    this.node = node;
    this.renewable = renewable;
    this.current = certificate;
    this.directory = directory;
    this.onRenewed = onRenewed;
    this.log = log;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "certificate-renewal");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Renews the self-signed certificate kept in {@code directory} (null when the user gave the
   * relay's certificate: never renewed here) for as long as the relay runs; on renewal, prints the
   * browser lines of the banner again to {@code banner}.
   */
  static void startFor(
      Path directory,
      RelayNode node,
      LiveStack stack,
      ServerCertificate certificate,
      PrintWriter banner,
      Consumer<String> log) {
    if (directory == null) {
      return;
    }
    Consumer<ServerCertificate> announce =
        renewed -> {
          String browsers = WebTransportOptions.bannerLine(stack, node.address(), renewed);
          if (browsers != null) {
            banner.println(browsers);
            banner.flush();
          }
        };
    new CertificateRenewal(
            node, stack.transport() == LiveTransport.MOQBED, certificate, directory, announce, log)
        .start(Clock.systemUTC());
  }

  /** Checks every {@link #CHECK_EVERY} on the wall clock until closed. */
  CertificateRenewal start(Clock clock) {
    long period = CHECK_EVERY.toSeconds();
    timer.scheduleAtFixedRate(() -> checkSafely(clock.instant()), period, period, TimeUnit.SECONDS);
    return this;
  }

  private void checkSafely(Instant now) {
    try {
      check(now);
    } catch (RuntimeException e) {
      log.accept("certificate renewal failed (tried again in an hour): " + e.getMessage());
    }
  }

  /** One check at {@code now}: the certificate now served, renewed if it was due. */
  synchronized ServerCertificate check(Instant now) {
    ServerCertificate served = current;
    if (!served.needsRenewal(now)) {
      return served;
    }
    if (!renewable) {
      if (!warned) {
        warned = true;
        log.accept(
            "the certificate expires at "
                + served.notAfter()
                + " and quiche cannot change it while it runs: restart the relay to renew it");
      }
      return served;
    }
    ServerCertificate renewed = ServerCertificate.selfSigned(directory, now);
    if (!node.replaceCertificate(renewed)) {
      throw new IllegalStateException("the stack refused the renewed certificate");
    }
    current = renewed;
    log.accept(
        "certificate renewed ("
            + served.notAfter()
            + " was near): "
            + renewed.certificateFile()
            + " valid until "
            + renewed.notAfter()
            + ", SHA-256 "
            + renewed.sha256Hex()
            + "; connections open keep the old one");
    onRenewed.accept(renewed);
    return renewed;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
