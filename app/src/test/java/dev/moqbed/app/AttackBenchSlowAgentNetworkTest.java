package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.attack.AttackBench;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.relay.RelayConfig;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bench's publisher outlasts the time the bench spends between its phases. Its media used to be
 * as long as the phases planned plus 5 s, while starting and stopping the attacker's JVM, the
 * collections after each phase and closing the newcomer were not planned: on a quiet host the media
 * of five rounds ended in the last attack phase (1 to 5 % of its audio "lost" in three of five runs
 * of connection-ids then handshakes), on a loaded one before it. Here the attacker's process starts
 * 8 s late, as an agent's JVM did on this host at load 11.
 */
@Tag("network")
class AttackBenchSlowAgentNetworkTest {
  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void theViewerKeepsItsAudioWhenTheAttackerStartsSlowly() throws Exception {
    List<String> progress = new CopyOnWriteArrayList<>();
    AttackBench.Row row =
        AttackBench.run(
                new AttackBench.Options(
                    List.of("optimistic-ack"),
                    1_000_000,
                    2_000_000,
                    1_000_000,
                    0,
                    InetAddress.getByName("127.0.0.3"),
                    RelayConfig.DEFAULT,
                    slowAgent(8),
                    LiveStack.of(LiveTransport.MOQBED, "c4"),
                    line -> {},
                    progress::add,
                    1,
                    0,
                    0,
                    null,
                    null,
                    0,
                    false))
            .get(0);
    String label = row + " " + progress;
    assertEquals(1, row.rounds().size(), label);
    assertTrue(row.steps() > 0, "the agent attacked: " + label);
    assertTrue(row.quiet().deliveredPercent() >= 99, label);
    assertTrue(row.attacked().deliveredPercent() >= 99, label);
    assertTrue(progress.stream().noneMatch(line -> line.contains("publisher's session")), label);
  }

  /** {@code bench attack-agent} on this class path, started {@code seconds} late. */
  private static List<String> slowAgent(int seconds) {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    return List.of(
        "sh",
        "-c",
        "sleep " + seconds + "; exec \"$@\"",
        "sh",
        java,
        "-cp",
        System.getProperty("java.class.path"),
        MoqbedCommand.class.getName(),
        "bench",
        "attack-agent");
  }
}
