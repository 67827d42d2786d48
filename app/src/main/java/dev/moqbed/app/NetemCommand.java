package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netem.LinkDescription;
import dev.moqbed.netem.UdpLinkEmulator;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.netty.UdpPort;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed netem}: the simulator's links between real UDP endpoints. */
@Command(
    name = "netem",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "A UDP forwarder that puts the simulator's link model (netsim, the same code) between its"
          + " clients and one server: datagrams to --listen cross the 'up' link to --forward,"
          + " replies cross the 'down' link back to the client that sent. Per direction: rate,"
          + " one-way delay, drop-tail queue, Gaussian or Wi-Fi jitter, burst loss, schedules"
          + " (rate and delay steps, suspensions) and the DualQ AQM, in real time. ECN bits are"
          + " not carried (see docs/netem.md). Runs until interrupted (or --duration).",
      "",
      "--link takes key=value pairs (rate|up|down, delay, queue, jitter, jitter-model=wifi, l4s,"
          + " loss=B/P, scenario=black_hole|drop_and_back|low_and_up|wifi_fade|wifi_suspension, or"
          + " phases=<picoquic_ns link text>), or a draft scenario's name (media, media_wb,"
          + " media_wf, media_ws, ...) to emulate its link.",
      ""
    })
final class NetemCommand implements Callable<Integer> {
  @Option(
      names = "--listen",
      required = true,
      paramLabel = "HOST:PORT",
      description = "Where clients send (port 0: any free port).")
  String listen;

  @Option(
      names = "--forward",
      required = true,
      paramLabel = "HOST:PORT",
      description = "The server the datagrams go to.")
  String forward;

  @Option(
      names = "--link",
      required = true,
      paramLabel = "SPEC|NAME",
      description = "The link, e.g. rate=20mbit,delay=20ms,queue=80ms, or media_wb.")
  String link;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Seed of the jitter draws (default: the reference simulator's fixed seed).")
  Long seed;

  @Option(
      names = "--max-clients",
      paramLabel = "N",
      defaultValue = "64",
      description =
          "Clients tracked at once; datagrams of more are dropped (default ${DEFAULT-VALUE}).")
  int maxClients;

  @Option(
      names = "--idle-timeout",
      paramLabel = "TIME",
      defaultValue = "60s",
      converter = QuantityConverters.Duration.class,
      description = "A client silent both ways this long is forgotten (default ${DEFAULT-VALUE}).")
  long idleTimeoutMicros;

  @Option(
      names = "--buffer",
      paramLabel = "SIZE",
      converter = QuantityConverters.Size.class,
      description =
          "Bytes each direction may hold (default: what the link holds at its fastest: rate x"
              + " (queue + delay + jitter tail), at least 256 KiB).")
  long bufferBytes;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "0",
      converter = QuantityConverters.Duration.class,
      description = "Stop after this long (default 0: run until interrupted).")
  long durationMicros;

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (maxClients < 1) {
      throw new IllegalArgumentException("--max-clients must be at least 1");
    }
    if (idleTimeoutMicros <= 0) {
      throw new IllegalArgumentException("--idle-timeout must be positive");
    }
    if (bufferBytes < 0 || (bufferBytes > 0 && bufferBytes < 4096)) {
      throw new IllegalArgumentException("--buffer must be at least 4096 bytes");
    }
    LinkSchedule schedule = NetemLinkOption.resolve(link);
    UdpLinkEmulator.Settings settings =
        UdpLinkEmulator.Settings.of(
                LiveSupport.parseAddress(listen), LiveSupport.parseAddress(forward), schedule)
            .withSeed(seed)
            .withClients(maxClients, idleTimeoutMicros)
            .withBufferBytes(bufferBytes);
    PrintWriter out = spec.commandLine().getOut();
    UdpLinkEmulator emulator = UdpLinkEmulator.start(settings);
    printBanner(out, emulator);
    CountDownLatch stopped = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              stopped.countDown();
              try {
                finished.await(5, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    ShutdownHooks.addOrElse(hook, stopped::countDown);
    try {
      long origin = emulator.totals().get(0).startMicros();
      long interval = intervalOption.intervalMicros;
      long started = System.nanoTime();
      long end = durationMicros > 0 ? started + durationMicros * 1_000 : Long.MAX_VALUE;
      long nextLine = interval > 0 ? started + interval * 1_000 : Long.MAX_VALUE;
      while (true) {
        long now = System.nanoTime();
        long wait = Math.min(end, nextLine) - now;
        if (wait > 0 && stopped.await(wait, TimeUnit.NANOSECONDS)) {
          break;
        }
        if (System.nanoTime() >= nextLine) {
          for (DirectionSample sample : emulator.takeInterval()) {
            out.println(NetemLines.line(sample, origin));
          }
          out.flush();
          nextLine += interval * 1_000;
        }
        if (System.nanoTime() >= end) {
          break;
        }
      }
      List<DirectionSample> totals = emulator.totals();
      out.println("summary:");
      for (DirectionSample sample : totals) {
        out.println(NetemLines.line(sample, origin));
      }
      out.flush();
    } finally {
      emulator.close();
      finished.countDown();
      if (durationMicros > 0 && stopped.getCount() > 0) {
        Runtime.getRuntime().removeShutdownHook(hook);
      }
    }
    return 0;
  }

  private void printBanner(PrintWriter out, UdpLinkEmulator emulator) {
    LinkSchedule schedule = emulator.settings().schedule();
    out.println(
        "moqbed netem: listening on "
            + emulator.listenAddress()
            + ", forwarding to "
            + emulator.settings().forward()
            + " (UDP, "
            + UdpPort.socketLayer()
            + "), link "
            + link);
    for (LinkDirection direction : LinkDirection.values()) {
      out.println(
          "  "
              + (direction == LinkDirection.UP
                  ? "up   (clients -> forward): "
                  : "down (forward -> clients): ")
              + LinkDescription.of(schedule, direction)
              + "; buffer "
              + emulator.bufferBytes(direction)
              + " bytes");
    }
    out.println(
        "  ECN: not carried (Netty's epoll and NIO datagram sockets cannot read or set it per"
            + " datagram): every datagram is Not-ECT, a DualQ AQM drops instead of marking");
    out.println(
        "  clients: at most "
            + emulator.settings().maxClients()
            + ", forgotten after "
            + dev.moqbed.runtime.Quantities.formatDuration(emulator.settings().idleTimeoutMicros())
            + " idle; jitter seed "
            + (emulator.settings().seed() == null
                ? "the reference's"
                : emulator.settings().seed()));
    out.flush();
  }
}
