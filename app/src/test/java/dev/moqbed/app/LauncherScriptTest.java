package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code moqbed} launcher script, run as users run it, on a copy of the repository's script
 * beside a jar whose main class ({@link LauncherProbe}) prints the JVM's options: the class-data
 * archive is made once per jar and used, the options follow the command, a sweep's heap follows its
 * threads, and a launcher that cannot make the archive still runs the command.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class LauncherScriptTest {
  private static final Path SCRIPT = Path.of("..", "moqbed").toAbsolutePath().normalize();

  @TempDir Path root;

  private Path jar;
  private Path archive;

  /** Exit code, the JVM options and arguments the probe printed, and standard error. */
  private record Result(int exitCode, List<String> options, List<String> arguments, String err) {
    String heap() {
      return options.stream().filter(o -> o.startsWith("-Xmx")).reduce((a, b) -> b).orElse(null);
    }
  }

  @BeforeEach
  void copyTheLauncherBesideAProbeJar() throws IOException {
    Files.copy(SCRIPT, root.resolve("moqbed"));
    assertTrue(root.resolve("moqbed").toFile().setExecutable(true));
    jar = root.resolve("app/target/moqbed.jar");
    archive = root.resolve("app/target/moqbed.jsa");
    Files.createDirectories(jar.getParent());
    writeProbeJar(jar);
  }

  @Test
  void makesTheArchiveOnceForEachJarAndShortCommandsMapIt() throws Exception {
    // -Xshare:on makes a JVM that cannot map the archive refuse to start
    Result first = run(Map.of("MOQBED_JAVA_OPTS", "-Xshare:on"), "scenario", "run", "media");
    assertEquals(0, first.exitCode(), first.err());
    assertTrue(Files.isRegularFile(archive), first.err());
    assertTrue(first.err().contains("making the class-data archive"), first.err());
    assertTrue(first.options().contains("-XX:SharedArchiveFile=" + archive), first.toString());
    assertTrue(first.options().contains("-XX:TieredStopAtLevel=1"), first.toString());
    assertTrue(first.options().contains("-XX:+UseSerialGC"), first.toString());
    assertEquals(List.of("scenario", "run", "media"), first.arguments());

    Result again = run(Map.of("MOQBED_JAVA_OPTS", "-Xshare:on"), "scenario", "run", "media");
    assertEquals(0, again.exitCode(), again.err());
    assertFalse(again.err().contains("making"), again.err());

    // a new jar (as after a build) gets a new archive
    makeOlderThanTheJar(archive);
    Result rebuilt = run(Map.of("MOQBED_JAVA_OPTS", "-Xshare:on"), "--version");
    assertEquals(0, rebuilt.exitCode(), rebuilt.err());
    assertTrue(rebuilt.err().contains("making the class-data archive"), rebuilt.err());
    assertTrue(
        Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0,
        "archive older than the jar");
  }

  @Test
  void sizesTheSweepHeapFromItsThreadsAndLeavesTheCallersChoices() throws Exception {
    long one = heapMebibytes(run(Map.of(), "sweep", "--threads", "1", "--out", "x"));
    long two = heapMebibytes(run(Map.of(), "sweep", "--out", "x", "--threads=2"));
    long four = heapMebibytes(run(Map.of(), "sweep", "--threads", "4", "--out", "x"));
    assertTrue(one > two - one, "the JVM's own share is missing: " + one + " MiB for 1 thread");
    assertTrue(two > one, one + " then " + two);
    assertEquals(3 * (two - one), four - one, "not linear in threads: " + one + ", " + two);
    // without --threads: as many threads as processors, so a whole number of threads' shares
    Result unsaid = run(Map.of(), "sweep", "--out", "x");
    assertTrue(unsaid.options().contains("-XX:+UseSerialGC"), unsaid.toString());
    long unsaidHeap = heapMebibytes(unsaid);
    assertTrue(unsaidHeap >= one && (unsaidHeap - one) % (two - one) == 0, unsaid.toString());

    Result ownHeap = run(Map.of("MOQBED_JAVA_OPTS", "-Xmx300m"), "sweep", "--threads", "8");
    assertEquals(0, ownHeap.exitCode(), ownHeap.err());
    assertEquals(
        List.of("-Xmx300m"), ownHeap.options().stream().filter(o -> o.startsWith("-Xmx")).toList());
    // two collectors would stop the JVM from starting: the caller's wins
    Result ownCollector = run(Map.of("MOQBED_JAVA_OPTS", "-XX:+UseParallelGC"), "sweep");
    assertEquals(0, ownCollector.exitCode(), ownCollector.err());
    assertFalse(ownCollector.options().contains("-XX:+UseSerialGC"), ownCollector.toString());
  }

  @Test
  void liveRolesGetTheThroughputCollectorUnlessTheCallerChoosesOne() throws Exception {
    Result relay = run(Map.of(), "relay", "--listen", "127.0.0.1:4443");
    assertEquals(0, relay.exitCode(), relay.err());
    assertEquals(
        List.of("-XX:SharedArchiveFile=" + archive, "-XX:+UseParallelGC"), relay.options());
    // G1's name holds a digit: the caller's choice still replaces the launcher's
    Result g1 =
        run(Map.of("MOQBED_JAVA_OPTS", "-XX:+UseG1GC"), "bench", "fanout", "--subscribers", "1");
    assertEquals(0, g1.exitCode(), g1.err());
    assertEquals(List.of("-XX:SharedArchiveFile=" + archive, "-XX:+UseG1GC"), g1.options());
    Result netem = run(Map.of(), "netem", "--help");
    assertEquals(List.of("-XX:SharedArchiveFile=" + archive), netem.options());
  }

  @Test
  void runsTheCommandWithoutTheArchiveWhenItCannotBeMade() throws Exception {
    Path bin = Files.createDirectories(root.resolve("bin"));
    Path attempts = root.resolve("dump-attempts.txt");
    Path realJava = Path.of(System.getProperty("java.home"), "bin", "java");
    Path fakeJava = bin.resolve("java");
    Files.writeString(
        fakeJava,
        "#!/bin/sh\n"
            + "for a in \"$@\"; do\n"
            + "  if [ \"$a\" = -Xshare:dump ]; then echo dump >> '"
            + attempts
            + "'; exit 1; fi\n"
            + "done\n"
            + "exec '"
            + realJava
            + "' \"$@\"\n");
    assertTrue(fakeJava.toFile().setExecutable(true));
    Map<String, String> path = Map.of("PATH", bin + ":" + System.getenv("PATH"));

    Result failed = run(path, "scenario", "run", "media");
    assertEquals(0, failed.exitCode(), failed.err());
    assertEquals(List.of("scenario", "run", "media"), failed.arguments());
    assertTrue(failed.err().contains("could not make the class-data archive"), failed.err());
    assertFalse(failed.options().stream().anyMatch(o -> o.startsWith("-XX:SharedArchiveFile")));
    assertFalse(Files.exists(archive));
    assertEquals(1, Files.readAllLines(attempts).size());

    // not tried again for the same jar: no delay and no message on every command
    Result later = run(path, "scenario", "run", "media");
    assertEquals(0, later.exitCode(), later.err());
    assertFalse(later.err().contains("class-data"), later.err());
    assertEquals(1, Files.readAllLines(attempts).size());

    // tried again for a new jar
    makeOlderThanTheJar(root.resolve("app/target/moqbed.jsa.failed"));
    assertEquals(0, run(path, "scenario", "run", "media").exitCode());
    assertEquals(2, Files.readAllLines(attempts).size());
  }

  /** As if the jar had been built after {@code file} was made. */
  private void makeOlderThanTheJar(Path file) throws IOException {
    long jarTime = Files.getLastModifiedTime(jar).toMillis();
    Files.setLastModifiedTime(file, FileTime.fromMillis(jarTime - 10_000));
  }

  private static long heapMebibytes(Result result) {
    assertEquals(0, result.exitCode(), result.err());
    String heap = result.heap();
    assertTrue(heap != null && heap.matches("-Xmx[0-9]+m"), result.toString());
    return Long.parseLong(heap.substring(4, heap.length() - 1));
  }

  private Result run(Map<String, String> environment, String... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", root.resolve("moqbed").toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
    builder.environment().remove("MOQBED_JAVA_OPTS");
    builder.environment().putAll(environment);
    Path err = Files.createTempFile(root, "err", ".txt");
    builder.redirectError(err.toFile());
    Process process = builder.start();
    String out;
    try (InputStream in = process.getInputStream()) {
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "launcher did not finish");
    List<String> lines = out.lines().toList();
    int separator = lines.indexOf("--");
    List<String> options = separator < 0 ? lines : lines.subList(0, separator);
    List<String> rest = separator < 0 ? List.of() : lines.subList(separator + 1, lines.size());
    return new Result(process.exitValue(), options, rest, Files.readString(err));
  }

  /** A jar holding only {@link LauncherProbe}, its main class. */
  private static void writeProbeJar(Path jar) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
    String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest);
        InputStream in = LauncherProbe.class.getResourceAsStream("/" + entry)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
      out.closeEntry();
    }
  }
}
