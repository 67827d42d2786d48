package dev.moqbed.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * File-system errors in words a user reads ("no such file", "permission denied", "not a
 * directory"), the same wherever a command reads or writes a path it was given. Java names these
 * errors by exception class ({@code NoSuchFileException: x}) or by the operating system's phrase in
 * capitals ({@code x: Not a directory}); neither belongs in a one-line error.
 */
final class FileErrors {
  private FileErrors() {}

  /** What is wrong with the path of {@code error}, in lower-case words. */
  static String words(IOException error) {
    if (error instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (error instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (error instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (error instanceof FileAlreadyExistsException) {
      return "a file is in the way";
    }
    if (error instanceof DirectoryNotEmptyException) {
      return "directory not empty";
    }
    if (error instanceof FileSystemLoopException) {
      return "a loop of symbolic links";
    }
    if (error instanceof FileSystemException system
        && "Not a directory".equals(system.getReason())) {
      // ENOTDIR: the path goes through a file as if it were a folder.
      return "not a directory (a folder on the path is a file)";
    }
    if (error instanceof FileSystemException system && system.getReason() != null) {
      // The operating system's phrase: "Not a directory", "Read-only file system", ...
      return system.getReason().toLowerCase(Locale.ROOT);
    }
    String message = error.getMessage();
    return message == null ? error.getClass().getSimpleName() : lowerFirst(message);
  }

  /**
   * The one line for a file-system error that reached the top: the path, then {@link #words}; null
   * when {@code error} is not about a path.
   */
  static String line(Exception error) {
    Throwable cause =
        error instanceof UncheckedIOException unchecked ? unchecked.getCause() : error;
    if (!(cause instanceof FileSystemException system) || system.getFile() == null) {
      return null;
    }
    return system.getFile()
        + (system.getOtherFile() == null ? "" : " -> " + system.getOtherFile())
        + ": "
        + words(system);
  }

  private static String lowerFirst(String text) {
    // "Is a directory", as Files.readString says it, reads "is a directory"; an acronym stays.
    boolean sentence =
        text.length() > 1
            && Character.isUpperCase(text.charAt(0))
            && Character.isLowerCase(text.charAt(1));
    return sentence ? Character.toLowerCase(text.charAt(0)) + text.substring(1) : text;
  }
}
