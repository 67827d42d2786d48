package dev.moqbed.quicperf;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.quic.ConnectionPair;
import dev.moqbed.transport.quic.PacketLossListener;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.function.LongUnaryOperator;

/** A quicperf client and server over a {@link ConnectionPair}, run until the client disconnects. */
final class QuicperfRun {
  final VirtualScheduler scheduler;
  final QuicperfClient client;
  final QuicperfServer server;
  final QuicConnection clientConnection;
  final QuicConnection serverConnection;

  private QuicperfRun(Builder builder) {
    ConnectionPair pair =
        ConnectionPair.builder()
            .controller(builder.cc)
            .bitsPerSecondAt(builder.rate)
            .oneWayMicros(builder.oneWayMicros)
            .build();
    scheduler = pair.scheduler;
    clientConnection = pair.client;
    serverConnection = pair.server;
    client = new QuicperfClient(MediaSpec.parse(builder.spec), scheduler, builder.statsStartMicros);
    server = new QuicperfServer(scheduler, builder.wakeup);
    clientConnection.setHandler(client);
    serverConnection.setHandler(server);
    serverConnection.setLossListener(builder.serverLossListener);
    pair.start().runWhile(() -> client.closedMicros() < 0, builder.limitMicros);
  }

  static Builder of(String spec) {
    return new Builder(spec);
  }

  static final class Builder {
    private final String spec;
    private String cc = "cubic";
    private LongUnaryOperator rate = now -> 100_000_000;
    private long oneWayMicros = 15_000;
    private ServerWakeup wakeup = ServerWakeup.EARLIEST_FRAME;
    private long statsStartMicros;
    private long limitMicros = 60_000_000;
    private PacketLossListener serverLossListener;

    private Builder(String spec) {
      this.spec = spec;
    }

    Builder cc(String value) {
      cc = value;
      return this;
    }

    Builder bitsPerSecond(long value) {
      rate = now -> value;
      return this;
    }

    Builder bitsPerSecondAt(LongUnaryOperator value) {
      rate = value;
      return this;
    }

    Builder oneWayMicros(long value) {
      oneWayMicros = value;
      return this;
    }

    Builder wakeup(ServerWakeup value) {
      wakeup = value;
      return this;
    }

    Builder statsStartMicros(long value) {
      statsStartMicros = value;
      return this;
    }

    Builder serverLossListener(PacketLossListener value) {
      serverLossListener = value;
      return this;
    }

    QuicperfRun run() {
      return new QuicperfRun(this);
    }
  }
}
