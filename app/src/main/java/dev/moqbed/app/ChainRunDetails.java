package dev.moqbed.app;

import dev.moqbed.live.ChainTable;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.compare.ComparisonTables;
import dev.moqbed.live.compare.LiveComparison;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.TerminalText;
import java.io.PrintWriter;

/** What {@code chain} prints under a single run's table, for a reader who wants the why. */
final class ChainRunDetails {
  private ChainRunDetails() {}

  /** After the single run's table: the hops, the relay's paths, the emulator, the host. */
  static void print(
      PrintWriter out,
      LiveChain.Result result,
      EmulatedSubscriberRoute route,
      LiveComparison single,
      int relays,
      LiveTransport relayTransport) {
    out.println(
        TerminalText.wrap(
            "hopK: latency per hop from the relays' arrival stamps (hop1 = publisher -> relay 1,"
                + " hop"
                + (relays + 1)
                + " = last relay -> subscriber); subscriptions per relay: "
                + result.subscriptionsPerRelay()
                + (result.subscriptionsPerLoop().get(0).size() == 1
                    ? ""
                    : " (per event loop: " + result.subscriptionsPerLoop() + ")")));
    out.println();
    out.println(
        "The relay's path to each subscriber ("
            + (relayTransport == LiveTransport.QUICHE ? "quiche's" : "its controller's")
            + " last report before it left):");
    out.print(ChainTable.paths(result).render(OutputFormat.TABLE));
    if (route != null) {
      out.println();
      out.println("The link emulator between the relay and the subscribers, over the run:");
      long origin = route.lastTotals().isEmpty() ? 0 : route.lastTotals().get(0).startMicros();
      for (DirectionSample sample : route.lastTotals()) {
        out.println(NetemLines.line(sample, origin));
      }
    }
    out.println();
    out.println("The host during the run:");
    out.print(ComparisonTables.noise(single).render(OutputFormat.TABLE));
  }
}
