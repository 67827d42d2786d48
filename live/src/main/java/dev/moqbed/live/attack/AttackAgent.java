package dev.moqbed.live.attack;

import dev.moqbed.live.node.RelayNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The attacker of {@code bench attack} in a process of its own, so that its CPU, garbage and JIT
 * are not the relay's: it attacks from when it prints {@code ready} until its standard input says
 * {@code stop} (or ends), then prints {@code counts STEPS REFUSED DATAGRAMS BYTES_SENT
 * BYTES_RECEIVED}.
 */
public final class AttackAgent {
  static final String READY = "ready";
  static final String STOP = "stop";
  static final String COUNTS = "counts";

  private AttackAgent() {}

  /** Runs {@code attack} against {@code relay} from {@code attacker} at {@code rate} a second. */
  public static int run(
      String attack,
      InetSocketAddress relay,
      InetAddress attacker,
      int rate,
      InputStream in,
      PrintStream out)
      throws IOException {
    Attack chosen = Attack.ofLabel(attack);
    Attack.Counts counts = new Attack.Counts();
    AttackThread thread =
        AttackThread.start(
            chosen,
            ForgingClient.open(new InetSocketAddress(attacker, 0), relay, RelayNode.VERSION.alpn()),
            rate > 0 ? rate : chosen.defaultRate(),
            counts);
    try {
      out.println(READY);
      out.flush();
      BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String line;
      while ((line = lines.readLine()) != null && !line.trim().equals(STOP)) {
        // wait for the bench to say stop
      }
    } finally {
      thread.close();
    }
    out.println(
        String.join(
            " ",
            COUNTS,
            Long.toString(counts.actions),
            Long.toString(counts.refused),
            Long.toString(counts.datagrams),
            Long.toString(counts.bytesSent),
            Long.toString(counts.bytesReceived)));
    out.flush();
    return 0;
  }
}
