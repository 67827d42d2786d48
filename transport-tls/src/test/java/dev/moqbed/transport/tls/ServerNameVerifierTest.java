package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerNameVerifierTest {
  private final ServerNameVerifier verifier = new ServerNameVerifier();

  @Test
  void matchesSubjectAlternativeNamesCaseInsensitively() {
    var certificate =
        TestCertificates.selfSigned(
                TestCertificates.ecKeys(), "ignored.example", "relay.example", "*.moq.example")
            .certificate();

    assertTrue(verifier.verify("relay.example", certificate));
    assertTrue(verifier.verify("RELAY.example", certificate));
    assertTrue(verifier.verify("eu.moq.example", certificate));
    assertFalse(verifier.verify("a.eu.moq.example", certificate), "a wildcard is one label");
    assertFalse(verifier.verify("moq.example", certificate));
    assertFalse(verifier.verify("ignored.example", certificate), "CN unused once SANs exist");
  }

  @Test
  void fallsBackToTheCommonNameWithoutDnsNames() {
    var certificate =
        TestCertificates.selfSigned(TestCertificates.ecKeys(), "localhost").certificate();

    assertTrue(verifier.verify("localhost", certificate));
    assertFalse(verifier.verify("example.org", certificate));
  }

  @Test
  void anIpLiteralNeedsAnIpAddressEntry() {
    var certificate =
        TestCertificates.selfSigned(TestCertificates.ecKeys(), "127.0.0.1", "localhost")
            .certificate();

    assertFalse(verifier.verify("127.0.0.1", certificate), "a CN is not an iPAddress entry");
  }
}
