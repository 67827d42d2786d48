package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

/** What the QUIC wire fuzz targets accept as a rejection. */
final class WireFuzzChecks {
  private WireFuzzChecks() {}

  /**
   * The rejection carries one of the RFC 9000 codes the decoder's documentation lists for it
   * (docs/transport/wire.md): a peer's bytes are never an INTERNAL_ERROR or an unchecked exception.
   */
  static void checkRejection(QuicWireException rejected, Set<TransportErrorCode> allowed) {
    assertTrue(allowed.contains(rejected.error()), rejected.toString());
  }

  static Set<TransportErrorCode> codes(TransportErrorCode first, TransportErrorCode... rest) {
    return EnumSet.of(first, rest);
  }
}
