package dev.moqbed.transport.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessReset;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The endpoint's reset rules (RFC 9000 §10.3.3): sizes, the token, the rate limit. */
class StatelessResetsTest {
  private static final ConnectionId ID = ConnectionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
  private static final StatelessResetKey KEY = StatelessResetKey.of(new byte[32]);

  private static StatelessResets resets() {
    return new StatelessResets(KEY, new SplittableRandom(5));
  }

  @Test
  void neverAnswersADatagramOf41BytesOrFewerAndIsAlwaysShorter() {
    StatelessResets resets = resets();
    assertNull(resets.answer(41, ID, 0));
    assertNull(resets.answer(20, ID, 0));
    assertEquals(41, resets.answer(42, ID, 0).remaining());
    assertEquals(42, resets.answer(43, ID, 0).remaining());
    assertEquals(StatelessResets.MAX_RESET_BYTES, resets.answer(1_200, ID, 0).remaining());
  }

  @Test
  void endsWithTheIdsTokenAndLooksLikeAShortHeader() {
    ByteBuffer bytes = resets().answer(100, ID, 0);
    assertEquals(0x40, bytes.get(0) & 0xc0, "fixed bit set, long-header bit clear");
    assertTrue(StatelessReset.endsWith(bytes, 0, bytes.limit(), KEY.tokenFor(ID)));
    ConnectionId other = ConnectionId.of(new byte[] {9, 2, 3, 4, 5, 6, 7, 8});
    assertTrue(!StatelessReset.endsWith(bytes, 0, bytes.limit(), KEY.tokenFor(other)));
  }

  @Test
  void sendsABurstThenOnePerRefillInterval() {
    StatelessResets resets = resets();
    for (int i = 0; i < StatelessResets.BURST; i++) {
      assertNotNull(resets.answer(100, ID, 1_000), "reset " + i);
    }
    assertNull(resets.answer(100, ID, 1_000), "burst spent");
    assertNull(resets.answer(100, ID, 1_000 + StatelessResets.REFILL_MICROS - 1));
    assertNotNull(resets.answer(100, ID, 1_000 + StatelessResets.REFILL_MICROS));
    assertNull(resets.answer(100, ID, 1_000 + StatelessResets.REFILL_MICROS));
  }

  @Test
  void noKeyNoReset() {
    assertNull(new StatelessResets(null, new SplittableRandom(1)).answer(1_200, ID, 0));
  }
}
