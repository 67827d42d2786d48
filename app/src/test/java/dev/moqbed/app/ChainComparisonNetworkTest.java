package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code moqbed chain --cc LIST}: one chain per controller, each on its stack, one table. */
@Tag("network")
class ChainComparisonNetworkTest {

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldRunOneChainPerControllerOnItsOwnStackAndPrintOneTable() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--cc",
              "c4,quiche:cubic",
              "--duration",
              "2s",
              "--subscribers",
              "1",
              "--warmup",
              "0s",
              "--late",
              "0",
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    assertTrue(err.toString().contains("1/2: c4 on moqbed's QUIC stack"), err.toString());
    assertTrue(err.toString().contains("2/2: quiche:cubic on quiche (Netty)"), err.toString());
    List<String> lines = Arrays.asList(out.toString().split("\n"));
    assertEquals(
        "cc,track,kind,sent,received,p50_us,p90_us,p99_us,max_us,stop_sending,cancelled",
        lines.get(0));
    for (String controller : List.of("c4", "quiche:cubic")) {
      // every audio datagram of 2 s at 50 per second, and the I frames of both video groups
      assertTrue(
          lines.stream().anyMatch(l -> l.startsWith(controller + ",a1,AUDIO,100,100,")),
          out.toString());
      assertTrue(
          lines.stream().anyMatch(l -> l.startsWith(controller + ",vlow,I,60,2,")), out.toString());
    }
  }

  @Test
  void shouldRefuseSeparateStacksWithAListOfControllers() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {"chain", "--cc", "c4,cubic", "--relay-transport", "moqbed"},
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(2, exitCode, err.toString());
    assertTrue(err.toString().contains("drop --relay-transport"), err.toString());
  }
}
