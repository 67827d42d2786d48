package dev.moqbed.app;

import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.ServerCertificate;
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
 * written over the one in the certificate directory and serves every handshake from then on
 * (connections open keep theirs). Its new hash is logged in one line: a page pins a hash, so a page
 * opened before the renewal keeps its session but must be opened again with the new hash.
 *
 * <p>Only the project's QUIC stack can change its certificate while it runs; on quiche the relay
 * says once that it must be restarted, and leaves the files alone until then.
 */
final class CertificateRenewal implements AutoCloseable {
  static final Duration CHECK_EVERY = Duration.ofHours(1);

  private final RelayNode node;
  private final boolean renewable;
  private final Path directory;
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
      Consumer<String> log) {
    this.node = node;
    this.renewable = renewable;
    this.current = certificate;
    this.directory = directory;
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
   * relay's certificate: never renewed here) for as long as the relay runs.
   */
  static void startFor(
      Path directory,
      RelayNode node,
      LiveStack stack,
      ServerCertificate certificate,
      Consumer<String> log) {
    if (directory == null) {
      return;
    }
    new CertificateRenewal(
            node, stack.transport() == LiveTransport.MOQBED, certificate, directory, log)
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
    // One line, with what a page pins: a page opened before keeps its session but cannot reconnect
    // with the old hash.
    log.accept(
        "certificate renewed: SHA-256 "
            + renewed.sha256Hex()
            + ", valid until "
            + renewed.notAfter()
            + ", written over "
            + renewed.certificateFile()
            + " (the old one expires "
            + served.notAfter()
            + "); new connections get it, open ones keep theirs; pages need the new hash"
            + " (watch --cert-hash)");
    return renewed;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
