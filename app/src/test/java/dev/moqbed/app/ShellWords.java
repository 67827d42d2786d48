package dev.moqbed.app;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The little of a POSIX shell's reading that documented commands need: quotes ({@code '...'}
 * literal, {@code "..."} and {@code \} escaping one character), comments, the operators that
 * separate simple commands, redirections, and the marks of a synopsis. No expansion: a word that
 * would be expanded marks its command as a {@linkplain #isSynopsis synopsis}.
 */
final class ShellWords {
  /** Synopsis notation outside quotes: [optional], repetition, a|b, <placeholder>. */
  private static final Pattern SYNOPSIS =
      Pattern.compile("\\[|]|\\.\\.\\.|…|[^\\s|]\\|[^\\s|]|<[A-Za-z][^>]*>");

  private ShellWords() {}

  /** {@code line} without its comment: from a {@code #} that starts a word outside quotes. */
  static String withoutComment(String line) {
    Scanner scan = new Scanner(line);
    while (scan.next()) {
      if (!scan.quoted
          && scan.c == '#'
          && (scan.k == 0 || Character.isWhitespace(line.charAt(scan.k - 1)))) {
        return line.substring(0, scan.k);
      }
    }
    return line;
  }

  /** The simple commands of {@code line}: split at {@code && || ; | &} outside quotes. */
  static List<String> commands(String line) {
    List<String> commands = new ArrayList<>();
    Scanner scan = new Scanner(line);
    int start = 0;
    while (scan.next()) {
      char c = scan.c;
      if (scan.quoted || (c != '&' && c != '|' && c != ';')) {
        continue;
      }
      if (c == '&'
          && scan.k > 0
          && (line.charAt(scan.k - 1) == '>' || line.charAt(scan.k - 1) == '<')) {
        continue; // 2>&1 is a redirection, not a separator
      }
      commands.add(line.substring(start, scan.k));
      if (scan.k + 1 < line.length() && line.charAt(scan.k + 1) == c) {
        scan.k++; // && and ||
      }
      start = scan.k + 1;
    }
    commands.add(line.substring(start));
    return commands.stream().filter(command -> !command.isBlank()).toList();
  }

  /**
   * Whether {@code command} is a synopsis rather than an example: synopsis notation outside quotes,
   * or a {@code $} the shell would expand (outside single quotes).
   */
  static boolean isSynopsis(String command) {
    StringBuilder unquoted = new StringBuilder();
    Scanner scan = new Scanner(command);
    while (scan.next()) {
      if (scan.c == '$' && !scan.singleQuoted) {
        return true;
      }
      unquoted.append(scan.quoted ? ' ' : scan.c);
    }
    return SYNOPSIS.matcher(unquoted).find();
  }

  /** The words of a simple command, quotes removed, up to its first redirection. */
  static List<String> words(String command) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    Scanner scan = new Scanner(command);
    while (scan.next()) {
      char c = scan.c;
      if (!scan.quoted && (c == '<' || c == '>')) {
        if (word != null && !word.toString().matches("[0-9]+")) {
          words.add(word.toString());
        }
        return words; // a redirection: the rest belongs to the shell
      }
      if (!scan.quoted && Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
        continue;
      }
      if (word == null) {
        word = new StringBuilder();
      }
      if (!scan.syntax) {
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  /**
   * Walks a line character by character, keeping track of quotes: after {@link #next}, {@link #c}
   * is the character at {@link #k}, {@link #quoted} whether it is inside quotes or escaped, and
   * {@link #syntax} whether it is a quote or escape character itself (not part of a word).
   */
  private static final class Scanner {
    private final String text;
    int k = -1;
    char c;
    boolean quoted;
    boolean singleQuoted;
    boolean syntax;
    private char quote; // the open quote, or 0
    private boolean escaped; // the previous character was a backslash outside single quotes

    Scanner(String text) {
      this.text = text;
    }

    boolean next() {
      k++;
      if (k >= text.length()) {
        return false;
      }
      c = text.charAt(k);
      syntax = false;
      if (escaped) {
        escaped = false;
        quoted = true;
        singleQuoted = false;
        return true;
      }
      if (quote == 0 && (c == '\'' || c == '"')) {
        quote = c;
        syntax = true;
        quoted = true;
        singleQuoted = c == '\'';
        return true;
      }
      if (quote != 0 && c == quote) {
        quote = 0;
        syntax = true;
        quoted = true;
        singleQuoted = c == '\'';
        return true;
      }
      if (c == '\\' && quote != '\'') {
        escaped = true;
        syntax = true;
        quoted = true;
        singleQuoted = false;
        return true;
      }
      quoted = quote != 0;
      singleQuoted = quote == '\'';
      return true;
    }
  }
}
