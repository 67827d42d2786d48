package dev.moqbed.scenarios.catalog;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Finds the draft's spec files ({@code reference/sim_specs/} of the repository). In order: the
 * directory named by the system property {@value #PROPERTY} (either the {@code reference} directory
 * or {@code sim_specs} itself), a {@code reference/sim_specs} directory in the working directory or
 * one of its parents, the same next to the application jar or one of its parents, and finally the
 * copies packaged in the jar under {@value #RESOURCE_FOLDER}. A file missing from the chosen
 * directory is taken from the jar.
 */
public final class ReferenceSpecs {
  /** System property naming the reference directory. */
  public static final String PROPERTY = "moqbed.reference";

  /** Where the build packages the spec files on the class path. */
  public static final String RESOURCE_FOLDER = "/dev/moqbed/scenarios/catalog/sim_specs/";

  private static final String SPEC_FOLDER = "sim_specs";

  private final Path directory;

  private ReferenceSpecs(Path directory) {
    this.directory = directory;
  }

  /** The spec files found by the search described above. */
  public static ReferenceSpecs locate() {
    String property = System.getProperty(PROPERTY);
    if (property != null && !property.isBlank()) {
      Path given = Path.of(property);
      Path specs = given.resolve(SPEC_FOLDER);
      if (Files.isDirectory(specs)) {
        return new ReferenceSpecs(specs);
      }
      if (Files.isDirectory(given)) {
        return new ReferenceSpecs(given);
      }
      throw new IllegalArgumentException(
          "-D" + PROPERTY + "=" + property + " is not a directory with the spec files");
    }
    Path found = searchUpwards(Path.of("").toAbsolutePath());
    if (found == null) {
      found = searchUpwards(applicationLocation());
    }
    return new ReferenceSpecs(found);
  }

  /** The spec files of one directory (with the packaged copies as fallback). */
  public static ReferenceSpecs inDirectory(Path directory) {
    return new ReferenceSpecs(directory);
  }

  /** Only the copies packaged in the jar. */
  public static ReferenceSpecs packaged() {
    return new ReferenceSpecs(null);
  }

  /** The directory read first, or null when only the packaged copies are used. */
  public Path directory() {
    return directory;
  }

  /**
   * The file called {@code fileName}.
   *
   * @throws UncheckedIOException when it is neither in the directory nor packaged
   */
  public SpecFile load(String fileName) {
    if (directory != null) {
      Path file = directory.resolve(fileName);
      if (Files.isRegularFile(file)) {
        try {
          return new SpecFile(
              fileName, Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
          throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
      }
    }
    String resource = RESOURCE_FOLDER + fileName;
    try (InputStream in = ReferenceSpecs.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new UncheckedIOException(
            "reference spec file "
                + fileName
                + " not found"
                + (directory == null ? "" : " in " + directory)
                + " nor in the application jar (set -D"
                + PROPERTY
                + "=DIR to the repository's reference directory)",
            new FileNotFoundException(fileName));
      }
      return new SpecFile(
          fileName, new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + resource);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + ": " + e.getMessage(), e);
    }
  }

  private static Path searchUpwards(Path start) {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path specs = dir.resolve("reference").resolve(SPEC_FOLDER);
      if (Files.isDirectory(specs)) {
        return specs;
      }
    }
    return null;
  }

  /** The jar (or classes directory) this class was loaded from, or null when unknown. */
  private static Path applicationLocation() {
    CodeSource source = ReferenceSpecs.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return null;
    }
    try {
      return Path.of(source.getLocation().toURI()).toAbsolutePath();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }
}
