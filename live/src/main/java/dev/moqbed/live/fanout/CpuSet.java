package dev.moqbed.live.fanout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * CPUs to pin one side of the fan-out benchmark to, in the list form {@code taskset -c} takes
 * ({@code 0}, {@code 0-1}, {@code 0,2}): the relay's capacity is then measured on a known budget,
 * with the subscribers' process kept off its cores.
 */
public record CpuSet(String list) {
  private static final Pattern LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

  public CpuSet {
    if (!LIST.matcher(list).matches()) {
      throw new IllegalArgumentException(
          "a CPU list is numbers and ranges separated by commas (0, 0-1, 0,2): '" + list + "'");
    }
    int cpus = Runtime.getRuntime().availableProcessors();
    for (String part : list.split("[,-]")) {
      if (Integer.parseInt(part) >= cpus) {
        throw new IllegalArgumentException(
            "CPU " + part + " does not exist here: this machine has CPUs 0-" + (cpus - 1));
      }
    }
  }

  /** How many CPUs the list names ({@code 0,2-3}: 3). */
  public int count() {
    int count = 0;
    for (String part : list.split(",")) {
      String[] range = part.split("-");
      int first = Integer.parseInt(range[0]);
      int last = Integer.parseInt(range[range.length - 1]);
      count += Math.max(0, last - first + 1);
    }
    return count;
  }

  /** The words that run a command on these CPUs: {@code taskset -c LIST}. */
  public List<String> commandPrefix() {
    return List.of("taskset", "-c", list);
  }

  /**
   * Pins every thread of process {@code pid} to these CPUs (threads it starts later inherit it).
   *
   * @throws IOException when taskset is missing or refuses
   */
  public void pinProcess(long pid) throws IOException, InterruptedException {
    Process taskset;
    try {
      taskset =
          new ProcessBuilder("taskset", "-a", "-p", "-c", list, Long.toString(pid))
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      throw new IOException("cannot pin to CPUs " + list + ": taskset (util-linux) is missing", e);
    }
    String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!taskset.waitFor(10, TimeUnit.SECONDS) || taskset.exitValue() != 0) {
      throw new IOException("cannot pin to CPUs " + list + ": " + output.strip());
    }
  }
}
