package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a connection's receive path allocates per datagram, by frame mix (issue 27 item 3: goal at
 * most 100 bytes; issue 30 item 6: no object per PING or PADDING frame). {@link ReceiveMeter}
 * counts the decode of a UDP payload from a reused buffer and the connection's processing of it,
 * after a warm-up, under the null protection. Run alone to print the table: {@code mvn -B -pl
 * transport test -Dtest=ReceivePathAllocationTest}.
 */
class ReceivePathAllocationTest {
  private static final int WARM_UP = 20_000;
  private static final int METERED = 20_000;

  /** A datagram every 100 µs: 1,252-byte datagrams at 100 Mbit/s. */
  private static final long SPACING_MICROS = 100;

  /** Each mix: one 1-RTT packet a datagram. */
  static Map<String, ReceiveMeter.Mix> mixes() {
    Map<String, ReceiveMeter.Mix> mixes = new LinkedHashMap<>();
    mixes.put(
        "STREAM 1200 B", (meter, i) -> ReceiveMeter.frames(meter.nextStreamFrame(1_200, false)));
    mixes.put(
        "ACK + STREAM 1150 B",
        (meter, i) ->
            ReceiveMeter.frames(meter.ackOfClientPackets(), meter.nextStreamFrame(1_150, false)));
    mixes.put("ACK", (meter, i) -> ReceiveMeter.frames(meter.ackOfClientPackets()));
    mixes.put(
        "DATAGRAM 160 B",
        (meter, i) -> ReceiveMeter.frames(new Frame.Datagram(DatagramPayload.of(new byte[160]))));
    mixes.put(
        "PING + PADDING 1150 B",
        (meter, i) -> ReceiveMeter.frames(new Frame.Ping(), new Frame.Padding(1_150)));
    mixes.put(
        "ACK + DATAGRAM + STREAM + PING + PADDING",
        (meter, i) ->
            ReceiveMeter.frames(
                meter.ackOfClientPackets(),
                new Frame.Datagram(DatagramPayload.of(new byte[160])),
                meter.nextStreamFrame(900, true),
                new Frame.Ping(),
                new Frame.Padding(40)));
    return mixes;
  }

  @Test
  void theReceivePathAllocatesLittlePerDatagram() {
    StringBuilder table =
        new StringBuilder("| frames per datagram | bytes allocated per datagram |\n");
    table.append("|---|---|\n");
    for (Map.Entry<String, ReceiveMeter.Mix> mix : mixes().entrySet()) {
      ReceiveMeter meter = new ReceiveMeter();
      double perDatagram = meter.bytesPerDatagram(mix.getValue(), WARM_UP, METERED, SPACING_MICROS);
      table.append(String.format("| %s | %.1f |%n", mix.getKey(), perDatagram));
      assertEquals(
          QuicConnection.State.READY, meter.client().state(), mix.getKey() + ": still open");
      assertEquals(meter.streamBytesSent(), meter.bytesDelivered, mix.getKey() + ": delivered");
      assertEquals(0, meter.corruptBytes, mix.getKey() + ": bytes as sent");
    }
    System.out.print(table);
  }
}
