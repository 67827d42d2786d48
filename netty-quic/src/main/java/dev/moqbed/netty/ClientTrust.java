package dev.moqbed.netty;

import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.nio.file.Path;
import java.security.cert.X509Certificate;

/** Which relay certificates a client accepts. */
public final class ClientTrust {
  // The last certificate read; with a file, read again at each connection.
  private volatile X509Certificate pinned;
  private final Path pinnedFile;
  private final boolean insecure;

  private ClientTrust(X509Certificate pinned, Path pinnedFile, boolean insecure) {
    this.pinned = pinned;
    this.pinnedFile = pinnedFile;
    this.insecure = insecure;
  }

  /** The JDK's trusted certificate authorities; the relay's name is checked. */
  public static ClientTrust system() {
    return new ClientTrust(null, null, false);
  }

  /** Exactly this certificate (a self-signed relay whose certificate we hold). */
  public static ClientTrust pinned(X509Certificate certificate) {
    return new ClientTrust(certificate, null, false);
  }

  /**
   * Exactly the certificate in {@code file} when each connection starts ({@code --relay-cert}): a
   * relay renews its self-signed certificate over the same file while it runs, so a client that
   * reconnects after the renewal trusts the new one. Read once here, so a bad file fails at once;
   * when a later read fails, the last certificate read stays pinned.
   */
  public static ClientTrust pinnedFile(Path file) {
    return new ClientTrust(ServerCertificate.readCertificate(file), file, false);
  }

  /** Any certificate, unchecked: for tests and a self-signed relay on another host. */
  public static ClientTrust insecure() {
    return new ClientTrust(null, null, true);
  }

  /** The one certificate trusted, or null when the JDK's authorities (or nothing) decide. */
  public X509Certificate pinnedCertificate() {
    if (pinnedFile != null) {
      try {
        pinned = ServerCertificate.readCertificate(pinnedFile);
      } catch (RuntimeException e) {
        // Kept: the file may be between two writes, or gone; the relay decides whether it fits.
      }
    }
    return pinned;
  }

  /** Whether any certificate is accepted, unchecked. */
  public boolean isInsecure() {
    return insecure;
  }

  void apply(QuicSslContextBuilder builder) {
    X509Certificate certificate = pinnedCertificate();
    if (insecure) {
      builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
    } else if (certificate != null) {
      builder.trustManager(certificate);
    }
  }

  boolean checksHostName() {
    return !insecure;
  }
}
