package dev.moqbed.collect;

import java.util.regex.Pattern;

/**
 * What a sender may name things: the labels become folder names and CSV cells, so a hostile sender
 * must not reach outside the output directory or break a file's layout.
 */
final class Labels {
  /** A test label is a folder name under frames/: letters, digits, '.', '_', '-'. */
  private static final Pattern TEST = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]{0,63}");

  /** Controller ids as --cc spells them ({@code cubic:flavor=rfc,hystart=off}). */
  private static final Pattern CONTROLLER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9:=,._+-]{0,63}");

  private static final int MAX_TEXT = 128;

  private Labels() {}

  static boolean isTest(String label) {
    return TEST.matcher(label).matches();
  }

  static boolean isController(String controller) {
    return CONTROLLER.matcher(controller).matches();
  }

  /** A host label or a peer: printable, at most 128 characters. */
  static boolean isText(String text) {
    return !text.isEmpty() && text.length() <= MAX_TEXT && printable(text);
  }

  /** Frames files are unquoted CSV: a track name has no comma. */
  static boolean isTrackName(String track) {
    return !track.isEmpty()
        && track.length() <= MAX_TEXT
        && track.indexOf(',') < 0
        && printable(track);
  }

  /** For log lines and cells: control characters replaced, at most 128 characters. */
  static String shorten(String text) {
    String cut = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "…" : text;
    StringBuilder out = new StringBuilder(cut.length());
    cut.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
    return out.toString();
  }

  private static boolean printable(String text) {
    return text.codePoints().noneMatch(Character::isISOControl);
  }
}
