package dev.moqbed.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * moqbed commands each in a JVM of its own, as a user runs them on separate hosts, their standard
 * output and error kept as {@code NAME.out} and {@code NAME.err} in a directory; closing kills
 * whatever still runs.
 */
final class MoqbedProcesses implements AutoCloseable {
  private final Path directory;
  private final List<Process> processes = new ArrayList<>();

  MoqbedProcesses(Path directory) {
    this.directory = directory;
  }

  /** Starts {@code moqbed ARGS} with its output under {@code name}. */
  Process start(String name, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(MoqbedCommand.class.getName());
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(directory.resolve(name + ".out").toFile())
            .redirectError(directory.resolve(name + ".err").toFile())
            .start();
    processes.add(process);
    return process;
  }

  /** What {@code name} printed on its standard output so far. */
  String standardOutput(String name) throws IOException {
    return Files.readString(directory.resolve(name + ".out"));
  }

  /** Everything {@code name} printed so far: standard output, then standard error. */
  String output(String name) throws IOException {
    return standardOutput(name) + Files.readString(directory.resolve(name + ".err"));
  }

  /** Waits up to 60 s for {@code name} to print {@code text}; fails with its output otherwise. */
  void awaitLine(String name, String text) throws Exception {
    for (int i = 0; i < 600; i++) {
      if (output(name).contains(text)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError(name + " never printed '" + text + "': " + output(name));
  }

  @Override
  public void close() {
    processes.forEach(Process::destroyForcibly);
  }
}
