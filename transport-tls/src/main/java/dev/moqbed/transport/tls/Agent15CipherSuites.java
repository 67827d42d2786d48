package dev.moqbed.transport.tls;

import java.util.ArrayList;
import java.util.List;
import tech.kwik.agent15.TlsConstants.CipherSuite;

/** Translates between this module's cipher suites and agent15's, by IANA code. */
final class Agent15CipherSuites {
  private Agent15CipherSuites() {}

  static List<CipherSuite> toAgent15(List<TlsCipherSuite> suites) {
    List<CipherSuite> out = new ArrayList<>(suites.size());
    for (TlsCipherSuite suite : suites) {
      out.add(toAgent15(suite));
    }
    return out;
  }

  static CipherSuite toAgent15(TlsCipherSuite suite) {
    for (CipherSuite candidate : CipherSuite.values()) {
      if ((candidate.value & 0xffff) == suite.code()) {
        return candidate;
      }
    }
    throw new IllegalStateException("agent15 lacks " + suite);
  }

  /** The negotiated suite; only suites we offered or accept can be negotiated. */
  static TlsCipherSuite fromAgent15(CipherSuite suite) {
    return TlsCipherSuite.byCode(suite.value & 0xffff)
        .orElseThrow(() -> new IllegalStateException("negotiated " + suite + ", never offered"));
  }
}
