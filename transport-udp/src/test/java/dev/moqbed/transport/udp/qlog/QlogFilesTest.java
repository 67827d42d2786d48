package dev.moqbed.transport.udp.qlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live qlog's writing: everything arrives when the disk keeps up; when it does not, whole
 * chunks are dropped and counted, the header is kept, and the file still holds only complete
 * JSON-SEQ records.
 */
class QlogFilesTest {
  @TempDir Path directory;

  /** A record of about 100 bytes, numbered. */
  private static String record(int number) {
    return "{\"time\":"
        + number
        + ",\"name\":\"transport:packet_sent\",\"data\":{\"pad\":\""
        + "x".repeat(40)
        + "\"}}";
  }

  private static String[] records(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    assertEquals(0x1e, text.charAt(0));
    String[] records = text.substring(1).split("\u001e", -1);
    for (String record : records) {
      assertTrue(record.startsWith("{") && record.endsWith("}\n"), "a whole record: " + record);
    }
    return records;
  }

  @Test
  void shouldWriteEveryRecordWhenTheDiskKeepsUp() throws IOException {
    QlogFiles files = QlogFiles.create(directory);
    ChunkedFile file = files.file("relay_server_127.0.0.1-1_0");
    for (int i = 0; i < 5_000; i++) { // 0.5 MB: several chunks
      file.record(record(i));
    }
    file.close();
    files.finish();
    String[] records = records(directory.resolve("relay_server_127.0.0.1-1_0.sqlog"));
    assertEquals(5_000, records.length);
    assertEquals(record(4_999) + "\n", records[4_999]);
    assertEquals(0, files.recordsDropped());
    assertTrue(files.summary().startsWith("1 qlog files, 0.5 MB in "), files.summary());
  }

  @Test
  void shouldDropWholeChunksButTheFirstWhenTheDiskFallsBehind() throws IOException {
    QlogFiles files = QlogFiles.create(directory, 0); // nothing may wait: every chunk but the first
    ChunkedFile file = files.file("slow");
    int total = 5_000;
    for (int i = 0; i < total; i++) {
      file.record(record(i));
    }
    file.close();
    files.finish();
    String[] records = records(directory.resolve("slow.sqlog"));
    assertEquals(record(0) + "\n", records[0], "the first chunk (the header) is kept");
    assertTrue(records.length < total / 5, records.length + " records kept");
    assertEquals(total - records.length, files.recordsDropped());
    assertTrue(files.summary().contains(files.recordsDropped() + " records dropped"));
  }

  @Test
  void shouldRefuseAFileAsTheDirectory() throws IOException {
    Path file = Files.createFile(directory.resolve("plain"));
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> QlogFiles.create(file));
    assertEquals("--qlog " + file + ": exists and is not a directory", error.getMessage());
  }
}
