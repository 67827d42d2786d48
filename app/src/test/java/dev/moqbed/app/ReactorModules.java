package dev.moqbed.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What the reactor's POMs say each module depends on: the parent's {@code <modules>}, and for each
 * module the names of its direct dependencies outside the test scope, a sibling module by its
 * directory name and an external library by the name ARCHITECTURE.md gives it ({@link
 * #LIBRARY_NAMES}). Test-scope dependencies are left out: the table describes what the code may
 * use, and the layering rules apply to production classes only.
 */
final class ReactorModules {
  /** The project's own artifacts: {@code moqbed-<module directory>}. */
  static final String PROJECT_GROUP = "dev.moqbed";

  private static final String ARTIFACT_PREFIX = "moqbed-";

  /**
   * The name each external library has in ARCHITECTURE.md, by group id or by {@code
   * group:artifact}. A library missing here fails the comparison with its coordinates, so a new
   * dependency cannot slip past the table unnamed.
   */
  static final Map<String, String> LIBRARY_NAMES =
      Map.ofEntries(
          Map.entry("io.netty", "Netty"),
          Map.entry("tech.kwik:agent15", "agent15"),
          Map.entry("org.bouncycastle:bcprov-jdk18on", "BouncyCastle"),
          Map.entry("org.hdrhistogram:HdrHistogram", "HdrHistogram"),
          Map.entry("io.micrometer", "Micrometer"),
          Map.entry("info.picocli:picocli", "picocli"),
          Map.entry("org.webjars.npm:uplot", "uPlot"),
          Map.entry("com.google.protobuf:protobuf-java", "protobuf-java"),
          Map.entry("org.apache.commons:commons-csv", "Commons CSV"),
          Map.entry("org.apache.commons:commons-statistics-distribution", "Commons Statistics"),
          Map.entry("com.fasterxml.jackson.jr:jackson-jr-objects", "jackson-jr"),
          Map.entry("org.openjdk.jmh", "JMH"));

  private ReactorModules() {}

  /** Module directory → the names it depends on, in the parent POM's module order. */
  static Map<String, Set<String>> read(Path root) throws IOException {
    Map<String, Set<String>> modules = new LinkedHashMap<>();
    for (String module : childTexts(parse(root.resolve("pom.xml")), "modules", "module")) {
      modules.put(module, dependencies(parse(root.resolve(module).resolve("pom.xml"))));
    }
    return modules;
  }

  /** The names of a POM's direct dependencies outside the test scope. */
  private static Set<String> dependencies(Element project) {
    Set<String> names = new TreeSet<>();
    Element dependencies = child(project, "dependencies");
    if (dependencies == null) {
      return names;
    }
    for (Element dependency : children(dependencies, "dependency")) {
      String scope = text(dependency, "scope");
      if ("test".equals(scope)) {
        continue;
      }
      String group = text(dependency, "groupId");
      String artifact = text(dependency, "artifactId");
      names.add(name(group, artifact));
    }
    return names;
  }

  /** A sibling module's directory, or a library's name; its coordinates when it has none. */
  static String name(String group, String artifact) {
    if (PROJECT_GROUP.equals(group) && artifact.startsWith(ARTIFACT_PREFIX)) {
      return artifact.substring(ARTIFACT_PREFIX.length());
    }
    String named = LIBRARY_NAMES.get(group + ":" + artifact);
    if (named == null) {
      named = LIBRARY_NAMES.get(group);
    }
    return named != null ? named : "unnamed library " + group + ":" + artifact;
  }

  private static Element parse(Path pom) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      // A POM needs no DTD or external entity; refusing them keeps the parse local.
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Document document = factory.newDocumentBuilder().parse(Files.newInputStream(pom));
      return document.getDocumentElement();
    } catch (ParserConfigurationException | SAXException e) {
      throw new IOException(pom + ": " + e.getMessage(), e);
    }
  }

  private static List<String> childTexts(Element parent, String list, String item) {
    List<String> texts = new ArrayList<>();
    Element container = child(parent, list);
    if (container != null) {
      children(container, item).forEach(element -> texts.add(element.getTextContent().strip()));
    }
    return texts;
  }

  private static String text(Element parent, String name) {
    Element element = child(parent, name);
    return element == null ? null : element.getTextContent().strip();
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  /** Direct children only: a POM's {@code <build>} also holds {@code <dependencies>}. */
  private static List<Element> children(Element parent, String name) {
    List<Element> elements = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int k = 0; k < nodes.getLength(); k++) {
      Node node = nodes.item(k);
      if (node instanceof Element element && element.getTagName().equals(name)) {
        elements.add(element);
      }
    }
    return elements;
  }
}
