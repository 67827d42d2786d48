package dev.moqbed.media.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses picoquic's quicperf scenario text with the reference's grammar ({@code
 * quicperf_parse_stream_choice}):
 *
 * <pre>
 * scenario := item { ';' item } [';']
 * item     := [ '=' id ':' ] [ '=' previous ':' ] [ '*' count ':' ] ( media | batch )
 * media    := ('s' | 'd') fps ':' [ 'p' priority ':' ] [ ('S' | 'C') ':' ] [ 'n' frames ':' ]
 *             size [ ':' 'G' group ] [ ':' 'I' first ] [ ':' 'D' reset_delay_us ]
 * batch    := [ 'b' ] post ':' [ '-' ] response
 * </pre>
 *
 * Spaces are allowed around tokens. Limits are the reference's: fps and priority at most 255, frame
 * size at most 16,777,215 bytes. Unlike the reference, which silently stops at the first error,
 * every error is reported with its position and token.
 */
public final class MediaSpecParser {
  private static final long MAX_FRAME_SIZE = 0xffffff;

  private final String text;
  private int index;

  private MediaSpecParser(String text) {
    this.text = text;
  }

  /**
   * Parses {@code text}.
   *
   * @throws MediaSpecException on malformed text, with the position and token
   */
  public static MediaSpec parse(String text) {
    if (text == null || text.isBlank()) {
      throw new MediaSpecException(1, "", "empty media spec");
    }
    MediaSpecParser parser = new MediaSpecParser(text);
    List<MediaItem> items = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    parser.skipSpaces();
    while (!parser.atEnd()) {
      starts.add(parser.index);
      items.add(parser.item());
      parser.skipSpaces();
      if (!parser.atEnd()) {
        parser.expect(';', "expected ';' between items");
        parser.skipSpaces();
      }
    }
    checkReferences(text, items, starts);
    return new MediaSpec(items);
  }

  private static void checkReferences(String text, List<MediaItem> items, List<Integer> starts) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < items.size(); i++) {
      MediaItem item = items.get(i);
      if (!item.id().isEmpty() && !seen.add(item.id())) {
        throw new MediaSpecException(
            starts.get(i) + 1, tokenAt(text, starts.get(i)), "item id '" + item.id() + "' repeats");
      }
      if (!item.previousId().isEmpty()
          && items.stream().noneMatch(other -> other.id().equals(item.previousId()))) {
        throw new MediaSpecException(
            starts.get(i) + 1,
            tokenAt(text, starts.get(i)),
            "item '" + item.id() + "' waits for '" + item.previousId() + "', which is not defined");
      }
    }
  }

  private MediaItem item() {
    String id = optionalName();
    String previousId = optionalName();
    long repeatCount = 1;
    if (peek() == '*') {
      index++;
      skipSpaces();
      int countAt = index;
      repeatCount = number("expected a repeat count after '*'", Long.MAX_VALUE);
      if (repeatCount == 0) {
        throw error(countAt, "repeat count must be at least 1");
      }
      colonOrEnd();
    }
    char type = peek();
    if (type == 's' || type == 'd') {
      index++;
      skipSpaces();
      return mediaFlow(
          id,
          previousId,
          repeatCount,
          type == 's' ? MediaTransport.STREAM : MediaTransport.DATAGRAM);
    }
    if (type == 'b') {
      index++;
      skipSpaces();
    }
    return batch(id, previousId, repeatCount);
  }

  private MediaFlow mediaFlow(
      String id, String previousId, long repeatCount, MediaTransport transport) {
    int rateAt = index;
    int framesPerSecond = (int) number("expected frames per second (at most 255)", 255);
    if (framesPerSecond == 0) {
      throw error(rateAt, "frames per second must be at least 1");
    }
    colonOrEnd();
    int priority = (int) letterNumber('p', "expected a priority (0 to 255) after 'p'", 255, 0);
    boolean clientMedia = false;
    if (peek() == 'C' || peek() == 'S') {
      clientMedia = peek() == 'C';
      index++;
      colonOrEnd();
    }
    long frameCount = letterNumber('n', "expected a frame count after 'n'", Long.MAX_VALUE, 0);
    int frameSize =
        (int) number("expected a frame size in bytes (at most 16777215)", MAX_FRAME_SIZE);
    optionalColon();
    long groupSize = letterNumber('G', "expected a group size after 'G'", Long.MAX_VALUE, 0);
    long firstFrameSize =
        letterNumber('I', "expected an I-frame size after 'I'", Long.MAX_VALUE, 0);
    long resetDelay =
        letterNumber('D', "expected a reset delay in microseconds after 'D'", Long.MAX_VALUE, 0);
    return new MediaFlow(
        id,
        previousId,
        repeatCount,
        transport,
        framesPerSecond,
        priority,
        clientMedia,
        frameCount,
        frameSize,
        groupSize,
        firstFrameSize,
        resetDelay);
  }

  private BatchTransfer batch(String id, String previousId, long repeatCount) {
    int start = index;
    boolean negativePost = peek() == '-';
    if (negativePost) {
      index++;
    }
    long postBytes = number("expected the bytes the client sends (a number)", Long.MAX_VALUE);
    if (negativePost && postBytes != 0) {
      // The reference accepts "-0" only, as "the default post size".
      throw error(start, "a post size cannot be negative");
    }
    colonOrEnd();
    boolean unlimited = peek() == '-';
    if (unlimited) {
      index++;
    }
    long responseBytes = number("expected the bytes the server answers (a number)", Long.MAX_VALUE);
    return new BatchTransfer(id, previousId, repeatCount, postBytes, responseBytes, unlimited);
  }

  /** {@code '=' name ':'} if present, else the empty name. */
  private String optionalName() {
    skipSpaces();
    if (peek() != '=') {
      return "";
    }
    index++;
    skipSpaces();
    int start = index;
    while (!atEnd() && Character.isLetterOrDigit(text.charAt(index)) && text.charAt(index) < 128) {
      index++;
    }
    String name = text.substring(start, index);
    if (name.isEmpty()) {
      throw error("expected an alphanumeric name after '='");
    }
    colonOrEnd();
    return name;
  }

  /** A letter parameter such as {@code p4:}: absent gives {@code absentValue}. */
  private long letterNumber(char letter, String problem, long max, long absentValue) {
    if (peek() != letter) {
      return absentValue;
    }
    index++;
    skipSpaces();
    long value = number(problem, max);
    optionalColon();
    return value;
  }

  private long number(String problem, long max) {
    skipSpaces();
    int start = index;
    while (!atEnd() && Character.isDigit(text.charAt(index)) && text.charAt(index) < 128) {
      index++;
    }
    if (start == index) {
      throw error(start, problem);
    }
    long value;
    try {
      value = Long.parseLong(text.substring(start, index));
    } catch (NumberFormatException e) {
      throw error(start, problem + ": number too large");
    }
    if (value > max) {
      throw error(start, problem + ": " + value + " is too large");
    }
    skipSpaces();
    return value;
  }

  /** A ':' that must be there, unless the item ends here (as the reference accepts). */
  private void colonOrEnd() {
    skipSpaces();
    if (peek() == ':') {
      index++;
      skipSpaces();
    } else if (!atEnd() && peek() != ';') {
      throw error("expected ':'");
    }
  }

  private void optionalColon() {
    skipSpaces();
    if (peek() == ':') {
      index++;
      skipSpaces();
    }
  }

  private void expect(char wanted, String problem) {
    if (peek() != wanted) {
      throw error(problem);
    }
    index++;
  }

  private void skipSpaces() {
    while (!atEnd() && (text.charAt(index) == ' ' || text.charAt(index) == '\t')) {
      index++;
    }
  }

  private boolean atEnd() {
    return index >= text.length();
  }

  private char peek() {
    return atEnd() ? '\0' : text.charAt(index);
  }

  private MediaSpecException error(String problem) {
    return error(index, problem);
  }

  private MediaSpecException error(int at, String problem) {
    return new MediaSpecException(at + 1, tokenAt(text, at), problem);
  }

  /** The text from {@code at} up to the next ':' or ';'. */
  private static String tokenAt(String text, int at) {
    int end = at;
    while (end < text.length() && text.charAt(end) != ':' && text.charAt(end) != ';') {
      end++;
    }
    if (end == at && at < text.length()) {
      end = at + 1;
    }
    return text.substring(Math.min(at, text.length()), end);
  }
}
