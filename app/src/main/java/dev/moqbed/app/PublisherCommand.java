package dev.moqbed.app;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.output.Table;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.SessionClose;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed publisher}: publishes a media mix to a relay over real QUIC. */
@Command(
    name = "publisher",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Connects to a relay, announces a namespace and publishes one track per media flow (audio"
          + " as object datagrams, video as one subgroup stream per group, capture time in extension"
          + " 0x3800) for the given duration, then sends PUBLISH_DONE and prints what it sent.",
      LiveHelp.CONTROLLERS
    })
final class PublisherCommand implements Callable<Integer> {
  @Mixin RelayEndpointOptions relayOptions = new RelayEndpointOptions();

  @Option(
      names = "--namespace",
      defaultValue = "live",
      paramLabel = "NAME",
      description = "Namespace of the tracks (default ${DEFAULT-VALUE}).")
  String namespace;

  @Mixin LiveMediaOptions mediaOptions = new LiveMediaOptions();

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "30s",
      converter = QuantityConverters.Duration.class,
      description = "How long each flow runs (default ${DEFAULT-VALUE}).")
  long durationMicros;

  @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

  @Mixin FormatOption formatOption = new FormatOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec2;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec2.commandLine().getOut();
    PrintWriter err = spec2.commandLine().getErr();
    if (durationMicros <= 0) {
      throw new IllegalArgumentException("--duration must be positive");
    }
    PublisherConfig config =
        new PublisherConfig(namespace, mediaOptions.media(), durationMicros, true, 500_000);
    InetSocketAddress address = relayOptions.address();
    CompletableFuture<PublisherReport> closed = new CompletableFuture<>();
    CompletableFuture<String> closeReason = new CompletableFuture<>();
    MoqtVersion version = MoqtVersion.DRAFT_14;
    QuicClient client =
        QuicClient.connect(
            address,
            relayOptions.serverName(address),
            controllerOption.settings(),
            relayOptions.trust(),
            version.alpn(),
            connection ->
                MoqtSession.client(
                    connection,
                    new Publisher(
                        connection.scheduler(),
                        config,
                        new PublisherEvents() {
                          @Override
                          public void onLog(String line) {
                            err.println("publisher: " + line);
                            err.flush();
                          }

                          @Override
                          public void onClosed(SessionClose close, PublisherReport report) {
                            closeReason.complete(close.describe());
                            closed.complete(report);
                          }
                        }),
                    version));
    try {
      err.println(
          "publisher: connected to "
              + address
              + ", publishing for "
              + dev.moqbed.runtime.Quantities.formatDuration(durationMicros));
      err.flush();
      PublisherReport report = closed.get();
      Table table =
          new Table(
              "track", "objects_sent", "bytes_sent", "streams_opened", "stop_sending_received");
      for (PublisherReport.TrackSent track : report.tracks()) {
        table.row(
            track.track(),
            track.objectsSent(),
            track.bytesSent(),
            track.streamsOpened(),
            track.stopSendingReceived());
      }
      out.print(table.render(formatOption.format));
      out.flush();
      return closeReason.getNow("").contains("media finished") ? 0 : 1;
    } finally {
      client.close();
    }
  }
}
