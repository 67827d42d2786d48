package dev.moqbed.transport.tls;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Which server certificates a client accepts: the JDK's certificate authorities, the certificates
 * of a PEM file as the only trust anchors (a CA, or a relay's self-signed certificate: {@code
 * --relay-cert}), or anything ({@code --insecure}). All but the last also check the server name
 * against the certificate.
 */
public final class ServerTrust {
  private final X509TrustManager trustManager;
  private final boolean checksServerName;

  private ServerTrust(X509TrustManager trustManager, boolean checksServerName) {
    this.trustManager = trustManager;
    this.checksServerName = checksServerName;
  }

  /** The JDK's default trust store. */
  public static ServerTrust system() {
    return new ServerTrust(pkix(null), true);
  }

  /** The certificates in {@code pemFile} as trust anchors, and nothing else. */
  public static ServerTrust certificatesIn(Path pemFile) {
    return anchors(PemFiles.readCertificates(pemFile));
  }

  /** Exactly these trust anchors. */
  public static ServerTrust anchors(List<X509Certificate> anchors) {
    try {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      for (int i = 0; i < anchors.size(); i++) {
        store.setCertificateEntry("anchor-" + i, anchors.get(i));
      }
      return new ServerTrust(pkix(store), true);
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException("cannot build a trust store: " + e, e);
    }
  }

  /** Any certificate, for any name: tests, and a self-signed relay whose certificate we lack. */
  public static ServerTrust insecure() {
    return new ServerTrust(new AnyCertificate(), false);
  }

  X509TrustManager trustManager() {
    return trustManager;
  }

  boolean checksServerName() {
    return checksServerName;
  }

  private static X509TrustManager pkix(KeyStore anchors) {
    try {
      TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
      factory.init(anchors);
      for (TrustManager manager : factory.getTrustManagers()) {
        if (manager instanceof X509TrustManager) {
          return new Tls13TrustManager((X509TrustManager) manager);
        }
      }
      throw new IllegalStateException("the JDK offers no X.509 trust manager");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot build a PKIX trust manager: " + e, e);
    }
  }

  /**
   * agent15 asks the trust manager with the authentication type "RSA" whatever the certificate, and
   * the JDK then wants keyEncipherment in an RSA certificate's key usage, which a TLS 1.3 server
   * certificate need not have. TLS 1.3 has no such types; the JDK's own TLS 1.3 uses "UNKNOWN",
   * which checks only digitalSignature.
   */
  private static final class Tls13TrustManager implements X509TrustManager {
    private final X509TrustManager delegate;

    Tls13TrustManager(X509TrustManager delegate) {
      this.delegate = delegate;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      delegate.checkServerTrusted(chain, "UNKNOWN");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      delegate.checkClientTrusted(chain, "UNKNOWN");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return delegate.getAcceptedIssuers();
    }
  }

  private static final class AnyCertificate implements X509TrustManager {
    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
