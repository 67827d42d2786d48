package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command reference (docs/cli.md and the parts it links, docs/cli-*.md) has a section for every
 * command {@code ./moqbed --help} lists, and each section names every option that command's {@code
 * --help} prints; a section for a command that no longer exists fails too. So an option added,
 * renamed or removed in the code shows up here until the reference says so.
 */
class CommandReferenceTest {
  private static final Path DOCS = Path.of("..").toAbsolutePath().normalize().resolve("docs");
  private static final Pattern COMMAND_HEADING = Pattern.compile("^### `moqbed ([a-z -]+)`$");
  private static final Pattern ANY_HEADING = Pattern.compile("^#{1,3} ");

  @Test
  void everyCommandAndOptionHasItsPlaceInTheReference() throws IOException {
    Map<String, String> sections = sections();
    Map<String, CommandLine> commands = new LinkedHashMap<>();
    leaves(MoqbedCommand.newCommandLine(), "", commands);
    assertTrue(commands.size() >= 20, "commands found: " + commands.keySet());
    List<String> missing = new ArrayList<>();
    commands.forEach(
        (path, command) -> {
          String section = sections.get(path);
          if (section == null) {
            missing.add("no section '### `moqbed " + path + "`'");
            return;
          }
          for (OptionSpec option : command.getCommandSpec().options()) {
            if (option.hidden() || option.usageHelp() || option.versionHelp()) {
              continue;
            }
            if (!hasOptionRow(section, option.longestName())) {
              missing.add(
                  "moqbed "
                      + path
                      + ": "
                      + option.longestName()
                      + " has no row; add\n"
                      + row(option));
            }
          }
        });
    for (String documented : sections.keySet()) {
      if (!commands.containsKey(documented)) {
        missing.add("a section for 'moqbed " + documented + "', which is not a command");
      }
    }
    assertEquals("", String.join("\n", missing), missing.size() + " gaps in docs/cli*.md");
  }

  /**
   * The README's command table links every command to its section, so any command's reference is
   * one click from the front page (DocumentLinksTest checks that each link's anchor exists).
   */
  @Test
  void theReadmeLinksEveryCommandToItsReference() throws IOException {
    String readme = Files.readString(DOCS.getParent().resolve("README.md"));
    Map<String, CommandLine> commands = new LinkedHashMap<>();
    leaves(MoqbedCommand.newCommandLine(), "", commands);
    List<String> unlinked = new ArrayList<>();
    Pattern row =
        Pattern.compile("\\| \\[`([a-z -]+)`\\]\\(docs/cli(-[a-z]+)?\\.md#moqbed-([a-z-]+)\\) \\|");
    Map<String, String> linked = new LinkedHashMap<>();
    Matcher matcher = row.matcher(readme);
    while (matcher.find()) {
      linked.put(matcher.group(1), matcher.group(3));
    }
    for (String command : commands.keySet()) {
      if (!command.replace(' ', '-').equals(linked.get(command))) {
        unlinked.add(command);
      }
    }
    assertEquals(List.of(), unlinked, "commands without their row in the README's command table");
  }

  /** The table row for {@code option}, as the reference writes it, for the failure message. */
  static String row(OptionSpec option) {
    String names = String.join(", ", option.names());
    if (option.negatable()) {
      names += ", " + option.longestName().replaceFirst("^--", "--no-");
    }
    String label = option.typeInfo().isBoolean() ? "" : " " + option.paramLabel();
    String fallback = option.defaultValue() == null ? "" : option.defaultValue();
    String description =
        String.join(" ", option.description())
            .replace("${DEFAULT-VALUE}", fallback)
            .replaceAll("\\s+", " ")
            .replace("|", "\\|");
    return "| `"
        + (names + label).replace("|", "\\|")
        + "` | "
        + (fallback.isEmpty() ? "" : "`" + fallback + "`")
        + " | "
        + description.strip()
        + " |";
  }

  /**
   * Whether the section's option table has a row for {@code name}: a first cell such as {@code
   * `--out DIR`} or {@code `-o, --out DIR`}. The synopsis above the table names every option too,
   * so a mention elsewhere in the section does not count.
   */
  static boolean hasOptionRow(String section, String name) {
    Pattern row = Pattern.compile("^\\| `([^`]*)` \\|", Pattern.MULTILINE);
    Matcher matcher = row.matcher(section);
    while (matcher.find()) {
      for (String word : matcher.group(1).split("[ ,=\\[]+")) {
        if (word.equals(name)) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void anOptionCountsOnlyWithARowOfItsOwn() {
    String section =
        String.join(
            "\n",
            "```",
            "moqbed chain [--verbose] [--out=DIR]",
            "```",
            "`--verbose` prints more.",
            "| option | default | what it does |",
            "|---|---|---|",
            "| `-o, --out DIR` | | where |",
            "| `--outline` | | another |");
    assertTrue(hasOptionRow(section, "--out"));
    assertTrue(hasOptionRow(section, "-o"));
    assertTrue(!hasOptionRow(section, "--verbose"));
    assertTrue(!hasOptionRow(section, "--outl"));
  }

  /** The commands without subcommands, by their path ("scenario run"), hidden ones left out. */
  private static void leaves(CommandLine command, String path, Map<String, CommandLine> leaves) {
    for (Map.Entry<String, CommandLine> entry : command.getSubcommands().entrySet()) {
      CommandLine subcommand = entry.getValue();
      boolean alias = !subcommand.getCommandName().equals(entry.getKey());
      if (alias
          || entry.getKey().equals("help")
          || subcommand.getCommandSpec().usageMessage().hidden()) {
        continue;
      }
      String name = path.isEmpty() ? entry.getKey() : path + " " + entry.getKey();
      if (subcommand.getSubcommands().isEmpty()) {
        leaves.put(name, subcommand);
      } else {
        leaves(subcommand, name, leaves);
      }
    }
  }

  /** Each command section of docs/cli*.md, up to the next heading of level 1 to 3. */
  private static Map<String, String> sections() throws IOException {
    Map<String, String> sections = new LinkedHashMap<>();
    List<Path> files;
    try (var listing = Files.list(DOCS)) {
      files =
          listing
              .filter(file -> file.getFileName().toString().matches("cli(-[a-z]+)?\\.md"))
              .sorted()
              .toList();
    }
    assertTrue(files.contains(DOCS.resolve("cli.md")), "docs/cli.md exists: " + files);
    for (Path file : files) {
      String current = null;
      StringBuilder text = new StringBuilder();
      for (String line : Files.readAllLines(file)) {
        Matcher heading = COMMAND_HEADING.matcher(line);
        if (heading.matches() || ANY_HEADING.matcher(line).find()) {
          if (current != null) {
            sections.put(current, text.toString());
          }
          current = heading.matches() ? heading.group(1) : null;
          text.setLength(0);
        } else {
          text.append(line).append('\n');
        }
      }
      if (current != null) {
        sections.put(current, text.toString());
      }
    }
    return sections;
  }
}
