package dev.moqbed.transport.tls;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import tech.kwik.agent15.engine.HostnameVerifier;

/**
 * Checks that the server's certificate names the host the client meant (RFC 6125): a DNS name
 * against the subjectAltName dNSName entries (a leading {@code *.} matches one label), an IP
 * literal against the iPAddress entries, and the subject's CN only when the certificate has no
 * dNSName at all (older self-signed certificates, such as a JDK-generated localhost one).
 *
 * <p>Used instead of agent15's default verifier, which accepts any name for a certificate whose
 * subject has no CN.
 */
final class ServerNameVerifier implements HostnameVerifier {
  private static final int SAN_DNS_NAME = 2;
  private static final int SAN_IP_ADDRESS = 7;
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  @Override
  public boolean verify(String serverName, X509Certificate certificate) {
    String name = serverName.toLowerCase(Locale.ROOT);
    Collection<List<?>> alternativeNames;
    try {
      alternativeNames = certificate.getSubjectAlternativeNames();
    } catch (CertificateParsingException e) {
      return false;
    }
    List<String> dnsNames = new ArrayList<>();
    List<String> ipAddresses = new ArrayList<>();
    if (alternativeNames != null) {
      for (List<?> entry : alternativeNames) {
        Object type = entry.get(0);
        Object value = entry.get(1);
        if (!(value instanceof String)) {
          continue;
        }
        if (Integer.valueOf(SAN_DNS_NAME).equals(type)) {
          dnsNames.add(((String) value).toLowerCase(Locale.ROOT));
        } else if (Integer.valueOf(SAN_IP_ADDRESS).equals(type)) {
          ipAddresses.add(((String) value).toLowerCase(Locale.ROOT));
        }
      }
    }
    if (isIpLiteral(name)) {
      return ipAddresses.stream().anyMatch(ip -> sameIp(ip, name));
    }
    if (!dnsNames.isEmpty()) {
      return dnsNames.stream().anyMatch(pattern -> matchesDnsName(pattern, name));
    }
    return commonNames(certificate).stream()
        .anyMatch(cn -> matchesDnsName(cn.toLowerCase(Locale.ROOT), name));
  }

  static boolean matchesDnsName(String pattern, String name) {
    if (pattern.startsWith("*.")) {
      int firstDot = name.indexOf('.');
      return firstDot > 0 && name.substring(firstDot).equals(pattern.substring(1));
    }
    return pattern.equals(name);
  }

  private static boolean isIpLiteral(String name) {
    return name.indexOf(':') >= 0 || IPV4.matcher(name).matches();
  }

  /** The JDK writes IPv6 SAN entries in full form; compare without the brackets and zeros. */
  private static boolean sameIp(String certificateIp, String name) {
    String bare = name.startsWith("[") ? name.substring(1, name.length() - 1) : name;
    return certificateIp.equals(bare) || expandIpv6(certificateIp).equals(expandIpv6(bare));
  }

  private static String expandIpv6(String address) {
    if (address.indexOf(':') < 0) {
      return address;
    }
    try {
      byte[] bytes = InetAddress.getByName(address).getAddress();
      StringBuilder out = new StringBuilder();
      for (byte b : bytes) {
        out.append(String.format("%02x", b));
      }
      return out.toString();
    } catch (UnknownHostException e) {
      // Only literals reach here, which never need a lookup.
      return address;
    }
  }

  private static List<String> commonNames(X509Certificate certificate) {
    List<String> names = new ArrayList<>();
    try {
      for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
        if ("CN".equalsIgnoreCase(rdn.getType())) {
          names.add(String.valueOf(rdn.getValue()));
        }
      }
    } catch (InvalidNameException e) {
      return List.of();
    }
    return names;
  }
}
