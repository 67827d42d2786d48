package dev.moqbed.suite;

import dev.moqbed.simulation.RunRecord;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Appends runs to a {@code runs.csv}, one whole line per write, straight to the operating system
 * (no buffer in this process), so a process killed at any moment leaves at most one partial last
 * line, which {@link RunsCsv} ignores and {@link #open} cuts off. Safe for concurrent callers.
 */
public final class RunsCsvWriter implements Closeable {
  private final FileChannel channel;
  private final List<String> extraColumns;

  private RunsCsvWriter(FileChannel channel, List<String> extraColumns) {
    this.channel = channel;
    this.extraColumns = List.copyOf(extraColumns);
  }

  /**
   * Opens {@code file} for appending after its {@code completeBytes} first bytes (what {@link
   * RunsCsv#read} found complete; 0 for a new file), dropping anything after them, and writes the
   * header when the kept part is empty.
   */
  public static RunsCsvWriter open(Path file, long completeBytes, List<String> extraColumns)
      throws IOException {
    FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    try {
      channel.truncate(completeBytes);
      channel.position(completeBytes);
      RunsCsvWriter writer = new RunsCsvWriter(channel, extraColumns);
      if (completeBytes == 0) {
        writer.write(RunsCsv.headerLine(extraColumns));
      }
      return writer;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** Appends one run as one line. */
  public synchronized void append(RunRecord record) throws IOException {
    write(RunsCsv.recordLine(record, extraColumns));
  }

  private void write(String line) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }
}
