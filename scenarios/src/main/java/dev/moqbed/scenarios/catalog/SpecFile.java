package dev.moqbed.scenarios.catalog;

/**
 * The text of one reference spec file and where it was read.
 *
 * @param name the file name, e.g. {@code c4_alone.txt}
 * @param text the file's text, unchanged
 * @param origin where it was read: a file path, or {@code classpath:...} for the copy packaged in
 *     the jar
 */
public record SpecFile(String name, String text, String origin) {}
