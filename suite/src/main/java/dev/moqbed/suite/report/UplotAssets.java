package dev.moqbed.suite.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The charting library of the HTML page, uPlot, read from its webjar on the class path (the version
 * the parent POM pins) with the page's own renderer, so that {@link HtmlReport} can inline all
 * three: the page loads nothing from the network and opens from disk.
 */
final class UplotAssets {
  /** The webjar's folder, followed by its version. */
  private static final String WEBJAR = "META-INF/resources/webjars/uplot/";

  /** Names the version the build put on the class path (the parent POM's pin). */
  private static final String POM_PROPERTIES =
      "META-INF/maven/org.webjars.npm/uplot/pom.properties";

  private static volatile UplotAssets loaded;

  /** uPlot's script (the minified IIFE build: it defines the global {@code uPlot}). */
  final String script;

  /** uPlot's style sheet. */
  final String style;

  /** The page's renderer: draws each chart from its JSON. */
  final String renderer;

  /** uPlot's version, for the page's footer. */
  final String version;

  private UplotAssets(String script, String style, String renderer, String version) {
    this.script = script;
    this.style = style;
    this.renderer = renderer;
    this.version = version;
  }

  /** The assets, read once per process. */
  static UplotAssets get() {
    UplotAssets assets = loaded;
    if (assets == null) {
      String version = version(read(POM_PROPERTIES));
      String base = WEBJAR + version + "/dist/";
      assets =
          new UplotAssets(
              read(base + "uPlot.iife.min.js"),
              read(base + "uPlot.min.css"),
              read("dev/moqbed/suite/report/report-charts.js"),
              version);
      loaded = assets;
    }
    return assets;
  }

  private static String version(String properties) {
    return properties
        .lines()
        .filter(line -> line.startsWith("version="))
        .map(line -> line.substring("version=".length()).trim())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(POM_PROPERTIES + " names no version"));
  }

  private static String read(String resource) {
    try (InputStream in = UplotAssets.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            resource + " is not on the class path; was moqbed built with its uPlot webjar?");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      // inlined in a <script> element, the text must not close it early
      return text.replace("</script", "<\\/script");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }
}
