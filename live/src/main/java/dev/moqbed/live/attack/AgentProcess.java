package dev.moqbed.live.attack;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** An {@link AttackAgent} process: started, told to stop, its counts read back. */
final class AgentProcess implements AutoCloseable {
  private static final long READY_SECONDS = 30;

  private final Process process;
  private final BufferedReader lines;
  private final PrintWriter toAgent;
  private final Attack.Counts counts;

  private AgentProcess(Process process, Attack.Counts counts) {
    this.process = process;
    this.counts = counts;
    this.lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.toAgent =
        new PrintWriter(
            new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
  }

  /** Starts the agent and waits until it attacks. */
  static AgentProcess start(
      List<String> command,
      Attack attack,
      AttackBench.Options options,
      InetSocketAddress relay,
      int rate,
      Attack.Counts counts)
      throws IOException {
    List<String> full = new ArrayList<>(command);
    full.addAll(
        List.of(
            "--relay",
            relay.getAddress().getHostAddress() + ":" + relay.getPort(),
            "--attacker",
            options.attacker().getHostAddress(),
            "--attack",
            attack.label(),
            "--rate",
            Integer.toString(rate)));
    Process process =
        new ProcessBuilder(full).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    AgentProcess agent = new AgentProcess(process, counts);
    CompletableFuture<String> first = CompletableFuture.supplyAsync(agent::readLine);
    try {
      String line = first.get(READY_SECONDS, TimeUnit.SECONDS);
      if (!AttackAgent.READY.equals(line)) {
        throw new IOException("the attack agent did not start: " + line);
      }
    } catch (Exception e) {
      process.destroyForcibly();
      throw e instanceof IOException io ? io : new IOException("the attack agent: " + e, e);
    }
    return agent;
  }

  private String readLine() {
    try {
      return lines.readLine();
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  public void close() {
    toAgent.println(AttackAgent.STOP);
    String line;
    while ((line = readLine()) != null) {
      String[] fields = line.trim().split(" ");
      if (fields.length == 6 && fields[0].equals(AttackAgent.COUNTS)) {
        counts.actions = Long.parseLong(fields[1]);
        counts.refused = Long.parseLong(fields[2]);
        counts.datagrams = Long.parseLong(fields[3]);
        counts.bytesSent = Long.parseLong(fields[4]);
        counts.bytesReceived = Long.parseLong(fields[5]);
      }
    }
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
