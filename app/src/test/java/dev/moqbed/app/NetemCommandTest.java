package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkSchedule;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code netem}'s arguments: refused in one line before any socket is bound. */
class NetemCommandTest {
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldRefuseAnUnparseableLinkInOneLineWithExitCode2() {
    for (String link : new String[] {"rate=20", "rate=20mbit,dealy=1ms", "no_such_scenario", ""}) {
      Result result =
          run("netem", "--listen", "127.0.0.1:0", "--forward", "127.0.0.1:9", "--link", link);
      assertEquals(2, result.exitCode(), link + ": " + result.err());
      assertEquals(1, result.err().strip().lines().count(), result.err());
      assertTrue(result.err().startsWith("moqbed: "), result.err());
      assertEquals("", result.out());
    }
  }

  @Test
  void shouldRefuseBadAddressesAndLimits() {
    Result address =
        run("netem", "--listen", "127.0.0.1", "--forward", "127.0.0.1:9", "--link", "rate=1mbit");
    assertEquals(2, address.exitCode(), address.err());
    Result clients =
        run(
            "netem",
            "--listen",
            "127.0.0.1:0",
            "--forward",
            "127.0.0.1:9",
            "--link",
            "rate=1mbit",
            "--max-clients",
            "0");
    assertEquals(2, clients.exitCode(), clients.err());
  }

  @Test
  void shouldEmulateADraftScenariosLinkByName() {
    LinkSchedule wifiBad = NetemLinkOption.resolve("media_wb");
    assertEquals(0.02, wifiBad.phase(0).downRateGbps(), 1e-12);
    assertEquals(7_000, wifiBad.phase(0).jitterMicros());
    assertEquals(JitterModel.WIFI, wifiBad.phase(0).jitterModel());
    assertEquals(2, NetemLinkOption.resolve("media_ws").size());
  }
}
