package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code chain --link}: the media cross the link emulator on the relay's sending side. */
@Tag("network")
class ChainLinkNetworkTest {
  private static final Pattern DOWN =
      Pattern.compile("down in +(\\d+) dg .* out +(\\d+) dg .*transit p50 ([\\d.]+)ms");

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldCarryTheRelaysMediaThroughTheEmulatedLink() {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--duration",
              "2s",
              "--subscribers",
              "1",
              "--warmup",
              "0",
              "--interval",
              "0",
              "--link",
              "rate=20mbit,delay=15ms,queue=100ms"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    String text = out.toString();
    assertTrue(text.contains("through the link emulator"), text);
    Matcher down = DOWN.matcher(text);
    assertTrue(down.find(), text);
    long forwarded = Long.parseLong(down.group(2));
    // 2 s of the draft's mix is over 700 kB: hundreds of full packets from the relay
    assertTrue(forwarded > 300, text);
    assertTrue(Double.parseDouble(down.group(3)) >= 15.0, "the link's 15 ms at least: " + text);
  }
}
