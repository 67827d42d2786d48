package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParameterException;

/**
 * Every command the tool and its documents tell a user to run parses with the real command line:
 * the commands {@code demo} suggests, and each concrete {@code moqbed} example in the code blocks
 * of README.md, docs/ and deploy/README.md (synopses skipped, by the rules of {@link
 * ShellExamples}). Parsing only: nothing runs, so an example's files and relays need not exist;
 * what picocli checks (known commands and options, required options, values of numbers, durations,
 * sizes and enums, and the scenario commands' single controller) is what must hold.
 */
class DocumentedCommandsTest {
  /** The project's root: the tests run in the app module's directory. */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyCommandTheDemoSuggestsParses() {
    List<String> commands = new ArrayList<>(DemoCommand.NEXT_COMMANDS);
    commands.addAll(DemoCommand.LIVE_COMMANDS);
    List<String> failures = new ArrayList<>();
    for (String command : commands) {
      assertTrue(command.startsWith("./moqbed "), command);
      String failure = parseFailure(ShellWords.words(command.substring("./moqbed ".length())));
      if (failure != null) {
        failures.add(command + " -> " + failure);
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  void everyConcreteExampleInTheDocumentsParses() throws IOException {
    List<ShellExamples.Example> examples = new ArrayList<>();
    for (Path document : documents()) {
      examples.addAll(ShellExamples.of(document, ROOT.relativize(document).toString()));
    }
    List<String> failures = new ArrayList<>();
    int parsed = 0;
    for (ShellExamples.Example example : examples) {
      if (example.placeholder()) {
        continue;
      }
      parsed++;
      String failure = parseFailure(example.arguments());
      if (failure != null) {
        failures.add(example + "\n    -> " + failure);
      }
    }
    assertEquals("", String.join("\n", failures), failures.size() + " examples do not parse");
    // The rules must not skip everything: the documents hold well over a hundred examples.
    assertTrue(parsed >= 100, parsed + " examples parsed of " + examples.size());
  }

  /** The demo's old suggestion: sweep takes a controller list, scenario run one controller. */
  @Test
  void aControllerListForOneScenarioRunIsRefusedWhileParsing() {
    String failure = parseFailure(List.of("scenario", "run", "media_ws", "--cc", "c4,bbr,cubic"));
    assertTrue(failure != null && failure.contains("moqbed sweep --scenarios NAME"), failure);
    assertTrue(parseFailure(List.of("scenario", "run", "media_ws", "--cc", "c5")) != null);
    assertEquals(
        null, parseFailure(List.of("scenario", "run", "media_ws", "--cc", "c4:variant=v4")));
  }

  @Test
  void synopsesAndShellExpansionsAreSkippedAndTheRestIsRead(@TempDir Path directory)
      throws IOException {
    Path document = directory.resolve("doc.md");
    Files.writeString(
        document,
        String.join(
            "\n",
            "```sh",
            "./moqbed relay --listen 0.0.0.0:4443 [--cc ID]        # a synopsis",
            "./moqbed report DIR --format table|csv|json",
            "./moqbed scenario run media --cc $cc --runs 10",
            "./moqbed sweep --cc c4 \\",
            "    --runs 3 --out 'my dir' > log.txt 2>&1 &",
            "sudo -u moqbed java -jar /opt/moqbed.jar token key --out k && ./moqbed demo",
            "curl -s localhost:9464/metrics | grep '^moqbed_relay'",
            "```",
            "```",
            "./moqbed chain --cc LIST [--runs N]",
            "$ ./moqbed media describe --spec '=a1:d50:p2:S:x250:80;'",
            "moqbed: media spec: position 14 ...",
            "```"));
    List<ShellExamples.Example> examples = ShellExamples.of(document, "doc.md");
    List<String> concrete =
        examples.stream()
            .filter(example -> !example.placeholder())
            .map(example -> String.join(" ", example.arguments()))
            .toList();
    assertEquals(
        List.of(
            "sweep --cc c4 --runs 3 --out my dir",
            "token key --out k",
            "demo",
            "media describe --spec =a1:d50:p2:S:x250:80;"),
        concrete);
    assertEquals(3, examples.stream().filter(ShellExamples.Example::placeholder).count());
    assertFalse(examples.stream().anyMatch(example -> example.text().startsWith("curl")));
  }

  @Test
  void theParseFailsForAnUnknownOptionAsTheDocumentsTestNeedsIt() {
    assertThrows(
        ParameterException.class,
        () -> MoqbedCommand.newCommandLine().parseArgs("chain", "--subscribrs", "3"));
  }

  /** picocli's message when {@code arguments} do not parse; null when they do. */
  private static String parseFailure(List<String> arguments) {
    try {
      MoqbedCommand.newCommandLine().parseArgs(arguments.toArray(String[]::new));
      return null;
    } catch (ParameterException e) {
      return e.getMessage();
    }
  }

  /** README.md, deploy/README.md and every Markdown file under docs/. */
  private static List<Path> documents() throws IOException {
    List<Path> documents = new ArrayList<>();
    documents.add(ROOT.resolve("README.md"));
    documents.add(ROOT.resolve("deploy/README.md"));
    try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
      files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
    }
    return documents;
  }
}
