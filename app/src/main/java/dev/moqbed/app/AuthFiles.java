package dev.moqbed.app;

import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.session.AuthorizationToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Key and token files: read with a one-line error for each way they can be wrong (exit 2), and a
 * key written with mode 0600 from its first byte (created so, never chmod-ed afterwards).
 */
final class AuthFiles {
  /** Key and token files are a line of text; anything much longer is not one. */
  private static final long MAX_FILE_BYTES = 8192;

  private AuthFiles() {}

  /** The relay key in {@code file} ({@code option} names it in errors). */
  static TokenKey readKey(String option, Path file) {
    String text = readSmallText(option, file);
    try {
      return TokenKey.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          option + " " + file + ": " + e.getMessage() + " (make one with 'moqbed token key')");
    }
  }

  /** The token of {@code --token} or the one in {@code --token-file}; none when neither. */
  static AuthorizationToken token(String token, Path tokenFile) {
    return token("--token", token, "--token-file", tokenFile);
  }

  /**
   * The token given as text with option {@code textOption} or in a file with {@code fileOption};
   * none when neither.
   */
  static AuthorizationToken token(
      String textOption, String token, String fileOption, Path tokenFile) {
    if (token != null && tokenFile != null) {
      throw new IllegalArgumentException("give " + textOption + " or " + fileOption + ", not both");
    }
    String text =
        token != null ? token : tokenFile != null ? readSmallText(fileOption, tokenFile) : null;
    if (text == null) {
      return AuthorizationToken.NONE;
    }
    text = text.strip();
    if (text.isEmpty() || !text.matches("[A-Za-z0-9_\\-.]+")) {
      throw new IllegalArgumentException(
          (token != null ? textOption : fileOption + " " + tokenFile)
              + ": not a token (base64url text with one '.', as 'moqbed token issue' prints)");
    }
    return AuthorizationToken.of(text);
  }

  /** Writes a new key to {@code file} with mode 0600; refuses to overwrite one. */
  static void writeNewKey(Path file, TokenKey key) throws IOException {
    byte[] text = key.toText().getBytes(StandardCharsets.US_ASCII);
    Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rw-------");
    try {
      if (Files.getFileStore(parentOf(file)).supportsFileAttributeView("posix")) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(ownerOnly));
      } else {
        Files.createFile(file);
      }
      Files.write(file, text, StandardOpenOption.TRUNCATE_EXISTING);
    } catch (FileAlreadyExistsException e) {
      throw new IllegalArgumentException("--out " + file + ": exists; not overwriting a key");
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("--out " + file + ": no such directory");
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException("--out " + file + ": permission denied");
    }
  }

  private static Path parentOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new IllegalArgumentException("--out " + file + ": no such directory");
    }
    return parent;
  }

  private static String readSmallText(String option, Path file) {
    try {
      if (Files.isDirectory(file)) {
        throw new IllegalArgumentException(option + " " + file + ": is a directory");
      }
      if (Files.size(file) > MAX_FILE_BYTES) {
        throw new IllegalArgumentException(option + " " + file + ": too large for a key or token");
      }
      return Files.readString(file, StandardCharsets.US_ASCII);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(option + " " + file + ": no such file");
    } catch (AccessDeniedException e) {
      throw new IllegalArgumentException(option + " " + file + ": permission denied");
    } catch (java.nio.charset.MalformedInputException e) {
      throw new IllegalArgumentException(option + " " + file + ": not text");
    } catch (IOException e) {
      throw new IllegalArgumentException(option + " " + file + ": " + e.getMessage());
    }
  }
}
