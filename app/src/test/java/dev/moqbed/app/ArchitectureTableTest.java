package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ARCHITECTURE.md's module table says what each module depends on; the POMs decide it. The test
 * compares the two, so a dependency added to a POM without its row (or a row edited without the
 * POM) fails the build.
 */
class ArchitectureTableTest {
  /** The project's root: the tests run in the app module's directory. */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theModuleTableMatchesTheReactorsPoms() throws IOException {
    Map<String, Set<String>> table =
        ArchitectureModuleTable.parse(Files.readString(ROOT.resolve("ARCHITECTURE.md")));
    Map<String, Set<String>> reactor = ReactorModules.read(ROOT);
    assertTrue(reactor.size() >= 20, "the reactor was read: " + reactor.keySet());
    assertEquals(
        "",
        String.join("\n", ArchitectureModuleTable.differences(table, reactor)),
        "ARCHITECTURE.md's module table and the POMs disagree");
  }

  /** The README's repository layout names every module of the reactor as {@code `name/`}. */
  @Test
  void theReadmeLayoutNamesEveryModule() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    String layout = readme.substring(readme.indexOf("## Repository layout"));
    List<String> missing =
        ReactorModules.read(ROOT).keySet().stream()
            .filter(module -> !layout.contains("`" + module + "/`"))
            .toList();
    assertEquals(List.of(), missing, "modules missing from the README's repository layout");
  }

  @Test
  void aDependencyOnOneSideOnlyIsReported(@TempDir Path root) throws IOException {
    writePom(root, "<modules><module>base</module><module>top</module></modules>", "");
    writePom(root.resolve("base"), "", dependency("org.hdrhistogram", "HdrHistogram", null));
    writePom(
        root.resolve("top"),
        "",
        dependency("dev.moqbed", "moqbed-base", null)
            + dependency("io.netty", "netty-transport", null)
            + dependency("org.junit.jupiter", "junit-jupiter", "test"));
    Map<String, Set<String>> reactor = ReactorModules.read(root);
    assertEquals(Map.of("base", Set.of("HdrHistogram"), "top", Set.of("base", "Netty")), reactor);

    String agreeing =
        table("| `base` | JDK, HdrHistogram | x |", "| `top` | base (its clock only), Netty | y |");
    assertEquals(
        List.of(),
        ArchitectureModuleTable.differences(ArchitectureModuleTable.parse(agreeing), reactor));

    String stale = table("| `base` | JDK | x |", "| `top` | base, Netty, output | y |");
    assertEquals(
        List.of(
            "base: the POM depends on [HdrHistogram], the table does not",
            "top: the table names [output], the POM does not"),
        ArchitectureModuleTable.differences(ArchitectureModuleTable.parse(stale), reactor));

    String missingRow = table("| `top` | base, Netty | y |", "| `extra` | JDK | z |");
    assertEquals(
        List.of(
            "module 'base' is in the POMs but has no row in the table",
            "module 'extra' has a row but is not a module of the reactor"),
        ArchitectureModuleTable.differences(ArchitectureModuleTable.parse(missingRow), reactor));
  }

  @Test
  void anUnnamedLibraryIsNamedByItsCoordinates() {
    assertEquals("output", ReactorModules.name("dev.moqbed", "moqbed-output"));
    assertEquals("Commons CSV", ReactorModules.name("org.apache.commons", "commons-csv"));
    assertEquals("unnamed library org.example:thing", ReactorModules.name("org.example", "thing"));
  }

  private static String table(String... rows) {
    return String.join(
        "\n",
        "# title",
        "",
        ArchitectureModuleTable.HEADING,
        "",
        "| module | depends on | owns |",
        "|---|---|---|",
        String.join("\n", rows),
        "",
        "Text after the table | with a bar.");
  }

  private static String dependency(String group, String artifact, String scope) {
    return "<dependency><groupId>"
        + group
        + "</groupId><artifactId>"
        + artifact
        + "</artifactId>"
        + (scope == null ? "" : "<scope>" + scope + "</scope>")
        + "</dependency>";
  }

  private static void writePom(Path directory, String modules, String dependencies)
      throws IOException {
    Files.createDirectories(directory);
    Files.writeString(
        directory.resolve("pom.xml"),
        "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">"
            + modules
            + "<dependencies>"
            + dependencies
            + "</dependencies>"
            + "<build><plugins><plugin><dependencies>"
            + dependency("org.example", "plugin-only", null)
            + "</dependencies></plugin></plugins></build></project>");
  }
}
