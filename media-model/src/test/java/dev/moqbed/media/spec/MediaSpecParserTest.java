package dev.moqbed.media.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MediaSpecParserTest {

  @Test
  void shouldParseDraftMediaMixWithEveryField() {
    MediaSpec spec = MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);
    assertEquals(
        List.of(
            new MediaFlow("a1", "", 1, MediaTransport.DATAGRAM, 50, 2, false, 250, 80, 0, 0, 0),
            new MediaFlow(
                "vlow", "", 1, MediaTransport.STREAM, 30, 4, false, 150, 3750, 30, 37500, 0),
            new MediaFlow(
                "vmid", "", 1, MediaTransport.STREAM, 30, 6, false, 150, 6250, 30, 62500, 250000)),
        spec.items());
  }

  @Test
  void shouldParseBatchWithRepeatCount() {
    assertEquals(
        List.of(new BatchTransfer("b1", "", 1, 397, 30_000_000, false)),
        MediaSpec.parse("=b1:*1:397:30000000;").items());
    assertEquals(
        List.of(new BatchTransfer("b1", "", 3, 10_000_000, 128, false)),
        MediaSpec.parse("=b1:*3:b10000000:128").items());
    assertEquals(
        List.of(new BatchTransfer("", "", 1, 0, 5000, true)), MediaSpec.parse("-0:-5000").items());
  }

  @Test
  void shouldParseChainingToAnEarlierItem() {
    MediaSpec spec = MediaSpec.parse("=a0:d50:p2:S:n100:80;=a1:=a0:d50:p2:S:n500:80;");
    assertEquals("a0", spec.items().get(1).previousId());
    assertEquals(500, ((MediaFlow) spec.items().get(1)).frameCount());
  }

  @Test
  void shouldAcceptSpacesAroundTokens() {
    assertEquals(
        MediaSpec.parse("=vlow:s30:p4:S:n150:3750:G30:I37500;"),
        MediaSpec.parse(" = vlow : s 30 : p 4 : S : n 150 : 3750 : G 30 : I 37500 ; "));
  }

  @Test
  void shouldParseEveryScenarioTextOfTheReferenceSpecFiles() throws IOException {
    Path specs = Path.of("..", "reference", "sim_specs");
    int parsed = 0;
    try (Stream<Path> files = Files.list(specs)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".txt")).toList()) {
        for (String line : Files.readAllLines(file)) {
          int colon = line.indexOf(':');
          if (line.contains("scenario_text") && colon > 0) {
            MediaSpec.parse(line.substring(colon + 1).trim());
            parsed++;
          }
        }
      }
    }
    // 129 spec files, each with a main scenario text, some with a background one too
    assertEquals(true, parsed >= 129, "parsed " + parsed + " scenario texts");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "=a1:d50:p2:S:x250:80; | media spec: position 14 ('x250'): expected a frame size in bytes"
            + " (at most 16777215)",
        "=a1:d300:S:n250:80 | media spec: position 6 ('300'): expected frames per second (at most"
            + " 255): 300 is too large",
        "=a1:d50:p2:S:n250:80:Q5; | media spec: position 22 ('Q5'): expected ';' between items",
        "=a1:d50:p999:S:n250:80 | media spec: position 10 ('999'): expected a priority (0 to 255)"
            + " after 'p': 999 is too large",
        "=:d50:n250:80 | media spec: position 2 (':'): expected an alphanumeric name after '='",
        "=b1:*0:397:1000 | media spec: position 6 ('0'): repeat count must be at least 1",
        "=b1:397: | media spec: position 9 (end of text): expected the bytes the server answers (a"
            + " number)",
        "=b1:-5:100 | media spec: position 5 ('-5'): a post size cannot be negative",
        "=a1:=a0:d50:n250:80 | media spec: position 1 ('=a1'): item 'a1' waits for 'a0', which is not"
            + " defined",
        "=a1:d50:n1:80;=a1:d50:n1:80 | media spec: position 15 ('=a1'): item id 'a1' repeats",
        "=a1:d0:n250:80 | media spec: position 6 ('0'): frames per second must be at least 1",
      })
  void shouldNamePositionAndTokenWhenTextIsMalformed(String text, String message) {
    MediaSpecException error =
        assertThrows(MediaSpecException.class, () -> MediaSpec.parse(text.trim()));
    assertEquals(message.trim(), error.getMessage());
  }

  @Test
  void shouldRejectEmptyText() {
    assertThrows(MediaSpecException.class, () -> MediaSpec.parse("  "));
  }
}
