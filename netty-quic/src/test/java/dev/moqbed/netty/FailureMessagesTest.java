package dev.moqbed.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class FailureMessagesTest {
  @Test
  void shouldTellTheUserHowToTrustTheRelayWhenItsCertificateFailsVerification() {
    String message =
        QuicClient.failure(
            new SSLHandshakeException(
                "error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED"));
    assertTrue(message.contains("--relay-cert FILE"), message);
    assertTrue(message.contains("--insecure"), message);
  }

  @Test
  void shouldKeepOtherHandshakeFailuresAsTheyAre() {
    assertEquals("timed out", QuicClient.failure(new IOException("timed out")));
    assertEquals("failed", QuicClient.failure(null));
  }

  @Test
  void shouldDropNettysSystemCallPrefixFromABindFailure() {
    assertEquals(
        "Address already in use",
        QuicServer.bindFailure(
            new IOException("bind(..) failed with error(-98): Address already in use")));
    assertEquals("Cannot assign", QuicServer.bindFailure(new IOException("Cannot assign")));
  }
}
