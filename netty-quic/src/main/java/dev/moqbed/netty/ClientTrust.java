package dev.moqbed.netty;

import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.security.cert.X509Certificate;

/** Which relay certificates a client accepts. */
public final class ClientTrust {
  private final X509Certificate pinned;
  private final boolean insecure;

  private ClientTrust(X509Certificate pinned, boolean insecure) {
    this.pinned = pinned;
    this.insecure = insecure;
  }

  /** The JDK's trusted certificate authorities; the relay's name is checked. */
  public static ClientTrust system() {
    return new ClientTrust(null, false);
  }

  /** Exactly this certificate (a self-signed relay whose certificate we hold). */
  public static ClientTrust pinned(X509Certificate certificate) {
    return new ClientTrust(certificate, false);
  }

  /** Any certificate, unchecked: for tests and a self-signed relay on another host. */
  public static ClientTrust insecure() {
    return new ClientTrust(null, true);
  }

  /** The one certificate trusted, or null when the JDK's authorities (or nothing) decide. */
  public X509Certificate pinnedCertificate() {
    return pinned;
  }

  /** Whether any certificate is accepted, unchecked. */
  public boolean isInsecure() {
    return insecure;
  }

  void apply(QuicSslContextBuilder builder) {
    if (insecure) {
      builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
    } else if (pinned != null) {
      builder.trustManager(pinned);
    }
  }

  boolean checksHostName() {
    return !insecure;
  }
}
