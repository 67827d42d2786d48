package dev.moqbed.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code moqbed} commands written in a Markdown file's code blocks, as a shell would read them,
 * so a test can parse each one with the real command line. The rules, in order:
 *
 * <ol>
 *   <li>Blocks tagged {@code sh}, {@code bash}, {@code shell} or {@code console} hold commands;
 *       when such a block has lines with a {@code $ } prompt, only those are commands (the rest is
 *       output). An untagged block holds synopses and output: only its {@code $ } lines count.
 *   <li>A line ending in {@code \} continues on the next; a {@code #} that starts a word outside
 *       quotes starts a comment.
 *   <li>A synopsis is not an example: a command with an unquoted {@code [ ]} (optional part),
 *       {@code ...} (repetition), {@code <name>} (placeholder) or {@code a|b} (alternatives written
 *       without spaces) is {@linkplain Example#placeholder() skipped}, and so is one whose words
 *       depend on the shell ({@code $VAR}, {@code $(...)}): its values exist only when it runs.
 *       Capitalised words ({@code DIR}, {@code HOST:PORT}) are values like any other and must
 *       parse.
 *   <li>A line splits into simple commands at {@code &&}, {@code ||}, {@code ;}, {@code |} and
 *       {@code &}; in each, the arguments of moqbed are the words after {@code ./moqbed}, {@code
 *       moqbed} or {@code -jar .../moqbed.jar} (after wrappers such as {@code ip netns exec X} or
 *       {@code sudo -u moqbed java}), up to a redirection.
 * </ol>
 */
final class ShellExamples {
  /** One moqbed command of a document. */
  record Example(
      String source, int line, String text, List<String> arguments, boolean placeholder) {
    @Override
    public String toString() {
      return source + ":" + line + ": " + text;
    }
  }

  private static final Pattern FENCE = Pattern.compile("^(\\s*)```\\s*([A-Za-z]*).*$");
  private static final Pattern PROMPT = Pattern.compile("^\\$ (.*)$");
  private static final List<String> COMMAND_TAGS = List.of("sh", "bash", "shell", "console");

  private ShellExamples() {}

  /** Every moqbed command in the code blocks of {@code file}, named {@code source} in results. */
  static List<Example> of(Path file, String source) throws IOException {
    List<String> lines = Files.readAllLines(file);
    List<Example> examples = new ArrayList<>();
    int k = 0;
    while (k < lines.size()) {
      Matcher fence = FENCE.matcher(lines.get(k));
      if (!fence.matches()) {
        k++;
        continue;
      }
      String tag = fence.group(2).toLowerCase(Locale.ROOT);
      int indent = fence.group(1).length();
      int end = k + 1;
      while (end < lines.size() && !lines.get(end).trim().startsWith("```")) {
        end++;
      }
      boolean commands = COMMAND_TAGS.contains(tag);
      if (commands || tag.isEmpty()) {
        examples.addAll(block(lines, k + 1, end, indent, commands, source));
      }
      k = end + 1;
    }
    return examples;
  }

  /** The commands of the block between {@code from} and {@code to} (exclusive). */
  private static List<Example> block(
      List<String> lines, int from, int to, int indent, boolean commands, String source) {
    List<String> body = new ArrayList<>();
    for (int k = from; k < to; k++) {
      String line = lines.get(k);
      body.add(
          line.length() >= indent && line.substring(0, indent).isBlank()
              ? line.substring(indent)
              : line.stripLeading());
    }
    boolean prompted = body.stream().anyMatch(line -> PROMPT.matcher(line).matches());
    List<Example> examples = new ArrayList<>();
    for (int k = 0; k < body.size(); k++) {
      String line = body.get(k);
      Matcher prompt = PROMPT.matcher(line);
      if (prompted || !commands) {
        if (!prompt.matches()) {
          continue;
        }
        line = prompt.group(1);
      }
      int first = k;
      StringBuilder joined = new StringBuilder();
      while (line.endsWith("\\") && k + 1 < body.size()) {
        joined.append(line, 0, line.length() - 1).append(' ');
        line = body.get(++k);
      }
      joined.append(line);
      String text = ShellWords.withoutComment(joined.toString());
      // Before the split: in a synopsis, "table|csv" is a choice, not a pipe.
      boolean synopsis = ShellWords.isSynopsis(text);
      for (String command : ShellWords.commands(text)) {
        Example example = example(source, from + first + 1, command, synopsis);
        if (example != null) {
          examples.add(example);
        }
      }
    }
    return examples;
  }

  /**
   * The example of one simple command; null when it does not run moqbed: the launcher as the
   * command (after variable assignments), or {@code -jar .../moqbed.jar} anywhere (behind wrappers
   * such as {@code sudo -u moqbed} or {@code ip netns exec X}).
   */
  private static Example example(String source, int line, String command, boolean synopsis) {
    List<String> words = ShellWords.words(command);
    int first = 0;
    while (first < words.size() && words.get(first).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
      first++;
    }
    int start = -1;
    if (first < words.size()
        && (words.get(first).equals("moqbed") || words.get(first).endsWith("/moqbed"))) {
      start = first + 1;
    }
    for (int k = 0; k + 1 < words.size() && start < 0; k++) {
      if (words.get(k).equals("-jar") && words.get(k + 1).endsWith("moqbed.jar")) {
        start = k + 2;
      }
    }
    if (start < 0) {
      return null;
    }
    return new Example(source, line, command.strip(), words.subList(start, words.size()), synopsis);
  }
}
