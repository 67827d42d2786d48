package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of README.md, ARCHITECTURE.md, deploy/README.md and docs/**.md leads to a
 * file that exists, and to a heading of it when it names an anchor: moving a section or a file
 * cannot leave a link behind that leads nowhere.
 */
class DocumentLinksTest {
  /** The project's root: the tests run in the app module's directory. */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyRelativeLinkOfTheDocumentsLeadsSomewhere() throws IOException {
    MarkdownLinks links = new MarkdownLinks(ROOT);
    List<String> dead = new ArrayList<>();
    List<Path> documents = documents();
    for (Path document : documents) {
      links.deadLinks(document).forEach(link -> dead.add(link.toString()));
    }
    assertTrue(documents.size() >= 30, documents.size() + " documents");
    assertEquals("", String.join("\n", dead), dead.size() + " links lead nowhere");
  }

  /** docs/README.md is the index: every other document under docs/ has its line there. */
  @Test
  void theIndexLinksEveryDocument() throws IOException {
    Path docs = ROOT.resolve("docs");
    Path index = docs.resolve("README.md");
    List<String> lines = Files.readAllLines(index);
    List<String> unlisted = new ArrayList<>();
    try (Stream<Path> files = Files.walk(docs)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
        String link = "](" + docs.relativize(file).toString().replace('\\', '/') + ")";
        if (!file.equals(index) && lines.stream().noneMatch(line -> line.contains(link))) {
          unlisted.add(docs.relativize(file).toString());
        }
      }
    }
    assertEquals(List.of(), unlisted, "documents missing from docs/README.md");
  }

  @Test
  void aMissingFileOrHeadingIsReportedAndCodeIsNotALink(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("docs"));
    Files.writeString(
        root.resolve("docs/target.md"),
        String.join(
            "\n",
            "# Target",
            "## Against reference runs (`report DIR --against-reference FILE|DIR`)",
            "## Twice",
            "## Twice",
            "<a id=\"kept\"></a>"));
    Path source = root.resolve("README.md");
    Files.writeString(
        source,
        String.join(
            "\n",
            "See [the target](docs/target.md) and [its section]"
                + "(docs/target.md#against-reference-runs-report-dir---against-reference-filedir),",
            "[the second](docs/target.md#twice-1), [kept](docs/target.md#kept), [web](https://x.y/z)",
            "[gone](docs/gone.md) and [no heading](docs/target.md#nowhere) and [self](#title)",
            "`[in code](docs/none.md)`",
            "```",
            "[in a block](docs/none.md)",
            "```",
            "[ref]: docs/missing.md",
            "# Title"));
    List<String> dead =
        new MarkdownLinks(root).deadLinks(source).stream().map(Object::toString).toList();
    assertEquals(
        List.of(
            "README.md:3: (docs/gone.md) no such file: docs/gone.md",
            "README.md:3: (docs/target.md#nowhere) no heading with anchor #nowhere in"
                + " docs/target.md",
            "README.md:8: (docs/missing.md) no such file: docs/missing.md"),
        dead);
  }

  @Test
  void headingsGetGitHubsAnchors() {
    assertEquals(
        "measured-under-attack-bench-attack",
        MarkdownLinks.slug("Measured under attack (`bench attack`)"));
    assertEquals(
        "in-the-live-chain-chain---link-specname",
        MarkdownLinks.slug("In the live chain (`chain --link SPEC|NAME`)"));
    assertEquals("the-relays-two-sides", MarkdownLinks.slug("The relay's two sides"));
  }

  /** README.md, ARCHITECTURE.md, deploy/README.md and every Markdown file under docs/. */
  private static List<Path> documents() throws IOException {
    List<Path> documents = new ArrayList<>();
    documents.add(ROOT.resolve("README.md"));
    documents.add(ROOT.resolve("ARCHITECTURE.md"));
    documents.add(ROOT.resolve("deploy/README.md"));
    try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
      files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
    }
    return documents;
  }
}
