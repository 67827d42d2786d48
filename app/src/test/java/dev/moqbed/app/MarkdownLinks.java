package dev.moqbed.app;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of Markdown files and whether they lead somewhere: the file (or folder) must
 * exist, and an anchor must name a heading of the target as GitHub renders it (or an HTML {@code
 * id}/{@code name}). Links inside code blocks and code spans are text, not links; links with a
 * scheme ({@code https:}, {@code mailto:}) are outside the repository and not checked.
 */
final class MarkdownLinks {
  /** One link that leads nowhere, with where it was written. */
  record DeadLink(String source, int line, String target, String reason) {
    @Override
    public String toString() {
      return source + ":" + line + ": (" + target + ") " + reason;
    }
  }

  private static final Pattern INLINE_LINK =
      Pattern.compile(
          "\\[(?:[^\\[\\]]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern REFERENCE_DEFINITION =
      Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
  private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern HTML_ANCHOR =
      Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"", Pattern.CASE_INSENSITIVE);
  private static final Pattern LINK_IN_HEADING = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");

  private final Path root;
  private final Map<Path, Set<String>> anchorsByFile = new HashMap<>();

  /** Links are reported relative to {@code root}. */
  MarkdownLinks(Path root) {
    this.root = root;
  }

  /** Every relative link of {@code file} that leads nowhere. */
  List<DeadLink> deadLinks(Path file) throws IOException {
    List<DeadLink> dead = new ArrayList<>();
    String source = root.relativize(file).toString();
    List<String> lines = proseLines(file);
    for (int k = 0; k < lines.size(); k++) {
      for (String target : targets(lines.get(k))) {
        String reason = check(file, target);
        if (reason != null) {
          dead.add(new DeadLink(source, k + 1, target, reason));
        }
      }
    }
    return dead;
  }

  /** Why {@code target}, written in {@code file}, leads nowhere; null when it leads somewhere. */
  private String check(Path file, String target) throws IOException {
    if (target.isEmpty() || SCHEME.matcher(target).find()) {
      return null;
    }
    int hash = target.indexOf('#');
    String pathPart = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? null : target.substring(hash + 1);
    Path resolved =
        pathPart.isEmpty()
            ? file
            : file.getParent()
                .resolve(URLDecoder.decode(pathPart, StandardCharsets.UTF_8))
                .normalize();
    if (!Files.exists(resolved)) {
      return "no such file: " + root.relativize(resolved);
    }
    if (anchor == null || anchor.isEmpty() || !resolved.toString().endsWith(".md")) {
      return null;
    }
    if (!anchors(resolved).contains(anchor)) {
      return "no heading with anchor #" + anchor + " in " + root.relativize(resolved);
    }
    return null;
  }

  /** The anchors of a Markdown file's headings (GitHub's slugs) and HTML anchors. */
  Set<String> anchors(Path file) throws IOException {
    Set<String> cached = anchorsByFile.get(file);
    if (cached != null) {
      return cached;
    }
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : proseLines(file)) {
      Matcher html = HTML_ANCHOR.matcher(line);
      while (html.find()) {
        anchors.add(html.group(1));
      }
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(heading.group(2));
        int count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
    }
    anchorsByFile.put(file, anchors);
    return anchors;
  }

  /**
   * GitHub's anchor for a heading: its rendered text in lower case, with every character that is
   * not a letter, digit, space, hyphen or underscore removed, and each space made a hyphen.
   */
  static String slug(String heading) {
    String text = LINK_IN_HEADING.matcher(heading).replaceAll("$1").replace("`", "");
    StringBuilder slug = new StringBuilder();
    text.toLowerCase(Locale.ROOT)
        .codePoints()
        .forEach(
            c -> {
              if (c == ' ') {
                slug.append('-');
              } else if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
              }
            });
    return slug.toString();
  }

  /** The link targets of one line of prose, code spans removed. */
  static List<String> targets(String line) {
    String prose = CODE_SPAN.matcher(line).replaceAll("");
    List<String> targets = new ArrayList<>();
    Matcher definition = REFERENCE_DEFINITION.matcher(prose);
    if (definition.matches()) {
      targets.add(definition.group(1));
      return targets;
    }
    Matcher link = INLINE_LINK.matcher(prose);
    while (link.find()) {
      targets.add(link.group(1));
    }
    return targets;
  }

  /** The file's lines with those inside fenced code blocks blanked, so line numbers still hold. */
  private static List<String> proseLines(Path file) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    String fence = null;
    for (int k = 0; k < lines.size(); k++) {
      String stripped = lines.get(k).strip();
      if (fence == null && (stripped.startsWith("```") || stripped.startsWith("~~~"))) {
        fence = stripped.substring(0, 3);
        lines.set(k, "");
      } else if (fence != null) {
        if (stripped.startsWith(fence)) {
          fence = null;
        }
        lines.set(k, "");
      }
    }
    return lines;
  }
}
