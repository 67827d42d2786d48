package dev.moqbed.app;

import dev.moqbed.collect.CollectHello;
import dev.moqbed.collect.RecordSender;
import dev.moqbed.collect.RelayPathSampler;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.live.LiveSupport;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.relay.Relay;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.Option;

/**
 * {@code --collect HOST:PORT} and its labels: stream this role's records to {@code moqbed collect}
 * (docs/collect.md). The sender runs on a thread of its own behind a bounded queue, so a slow, lost
 * or late collector never holds up the media.
 */
final class CollectOption {
  @Option(
      names = "--collect",
      paramLabel = "HOST:PORT",
      description =
          "Stream this role's records to a 'moqbed collect' there (docs/collect.md). Never holds"
              + " up the media: beyond a queue of 10,000 records they are dropped and counted.")
  String collector;

  @Option(
      names = "--label",
      paramLabel = "NAME",
      defaultValue = "live",
      description =
          "With --collect: the test's label, the scenario column of the collected runs.csv"
              + " (default ${DEFAULT-VALUE}).")
  String label;

  @Option(
      names = "--collect-cc",
      paramLabel = "ID",
      description =
          "With --collect: the controller under test, the cc column (default: this role's --cc;"
              + " a subscriber gives the relay's).")
  String controller;

  @Option(
      names = "--collect-host",
      paramLabel = "NAME",
      description = "With --collect: this host's label (default: its host name).")
  String host;

  @Option(
      names = "--collect-run",
      paramLabel = "N",
      defaultValue = "0",
      description = "With --collect: the run number, kept as sender_run (default 0).")
  int run;

  boolean enabled() {
    return collector != null;
  }

  /**
   * The Hello, checked before the role starts (a one-line error for a bad label); null without
   * --collect.
   */
  Hello hello(Hello.SenderRole role, String ownController, long clockOffsetMicros) {
    if (!enabled()) {
      return null;
    }
    LiveSupport.parseAddress(collector);
    return CollectHello.of(
        role,
        label,
        controller != null ? controller : ownController,
        host != null ? host : hostName(),
        run,
        clockOffsetMicros,
        nowMicros());
  }

  /** The wall clock in microseconds, as the roles' event-loop clocks count. */
  static long nowMicros() {
    return System.currentTimeMillis() * 1000;
  }

  /** Starts sending; its log lines go to {@code err} prefixed with the role. */
  RecordSender start(Hello hello, String role, PrintWriter err) {
    return RecordSender.start(
        LiveSupport.parseAddress(collector),
        hello,
        RecordSender.DEFAULT_QUEUE_RECORDS,
        line -> {
          err.println(role + ": collect: " + line);
          err.flush();
        });
  }

  /** The summary line of a role that sent records. */
  static String summary(RecordSender sender, boolean delivered) {
    return "collect: "
        + sender.written()
        + " records sent, "
        + sender.dropped()
        + " dropped"
        + (delivered ? "" : ", the End did not reach the collector");
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "unknown-host";
    }
  }

  /** The collector's records of this relay: its paths sampled, its end sent on close. */
  AutoCloseable relayRecords(Hello hello, Relay relay, EventLoopScheduler loop, PrintWriter err) {
    RecordSender collect = start(hello, "relay", err);
    RelayPathSampler sampler = RelayPathSampler.start(loop, relay::sessionSnapshots, collect);
    return () -> {
      sampler.stop();
      collect.finish(End.newBuilder().setEndedUs(nowMicros()).build());
      err.println("relay: " + CollectOption.summary(collect, collect.close(2_000)));
      err.flush();
    };
  }
}
