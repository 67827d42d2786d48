package dev.moqbed.app;

import dev.moqbed.collect.RecordSender;
import dev.moqbed.collect.SubscriberRecords;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.output.FramesLatencyLog;
import dev.moqbed.subscriber.ForwardingSubscriberEvents;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.GapRecord;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Where {@code subscriber} sends its frames besides its tables: the {@code --out} CSV file and the
 * {@code --collect} stream. A subscriber node's observer, so the node owns both: it opens them at
 * its start, before connecting, and closes them with itself, also when the connection fails (the
 * file flushed and closed, the collector's thread ended). At a normal end the command {@link
 * #finish}es them first, as before: the file's latency log written beside it, the collector's End
 * sent and its summary printed.
 */
final class FrameOutputs implements SubscriberNode.Observer {
  static final String HEADER =
      "track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,relay_arrivals_us\n";

  private final Path framesFile;
  private final Hello hello;
  private final CollectOption collectOption;
  private final PrintWriter err;
  // Opened at the node's start; written on the subscriber's loop; closed by the command's thread
  // once the subscriber finished, or by the node.
  private volatile BufferedWriter frames;
  private volatile RecordSender collect;

  /**
   * @param framesFile the {@code --out} file, or null
   * @param hello the collector's greeting, or null without {@code --collect}
   */
  FrameOutputs(Path framesFile, Hello hello, CollectOption collectOption, PrintWriter err) {
    this.framesFile = framesFile;
    this.hello = hello;
    this.collectOption = collectOption;
    this.err = err;
  }

  @Override
  public void open() throws IOException {
    if (framesFile != null) {
      frames = Files.newBufferedWriter(framesFile, StandardCharsets.UTF_8);
      frames.write(HEADER);
    }
    if (hello != null) {
      collect = collectOption.start(hello, "subscriber", err);
    }
  }

  @Override
  public SubscriberEvents events(SubscriberEvents delegate) {
    return new ForwardingSubscriberEvents(delegate) {
      @Override
      public void onFrame(FrameRecord frame) {
        BufferedWriter writer = frames;
        if (writer != null) {
          writeFrame(writer, frame);
        }
        RecordSender sender = collect;
        if (sender != null) {
          sender.offer(SubscriberRecords.frame(frame));
        }
        super.onFrame(frame);
      }

      @Override
      public void onGap(GapRecord gap) {
        BufferedWriter writer = frames;
        if (writer != null) {
          writeGap(writer, gap);
        }
        super.onGap(gap);
      }
    };
  }

  /**
   * At the subscriber's normal end: closes the frames file and writes its latency log beside it,
   * then ends the collector's stream with the run's End and says what it sent.
   */
  void finish(SubscriberReport report) throws IOException {
    BufferedWriter writer = frames;
    if (writer != null) {
      frames = null;
      writer.close();
      FramesLatencyLog.writeBeside(framesFile);
    }
    RecordSender sender = collect;
    if (sender != null) {
      collect = null;
      sender.finish(SubscriberRecords.end(report, CollectOption.nowMicros()));
      err.println("subscriber: " + CollectOption.summary(sender, sender.close(5_000)));
      err.flush();
    }
  }

  /** Closes what is still open (the run ended without {@link #finish}): no End, no latency log. */
  @Override
  public void close() throws IOException {
    RecordSender sender = collect;
    collect = null;
    BufferedWriter writer = frames;
    frames = null;
    try {
      if (sender != null) {
        sender.close();
      }
    } finally {
      if (writer != null) {
        writer.close();
      }
    }
  }

  /**
   * A gap as one row of the frames file, kind {@code GAP}: group and object of the last frame
   * before the loss, {@code arrival_us} when frames resumed, {@code relay_arrivals_us} holding
   * {@code lost=N;resumed_group=G}; the other columns empty.
   */
  private static void writeGap(BufferedWriter writer, GapRecord gap) {
    try {
      writer.write(
          gap.track()
              + ','
              + gap.lastGroup()
              + ','
              + gap.lastObject()
              + ",GAP,,,"
              + gap.resumedMicros()
              + ",,lost="
              + gap.framesLost()
              + ";resumed_group="
              + gap.resumedGroup()
              + '\n');
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeFrame(BufferedWriter writer, FrameRecord frame) {
    try {
      writer.write(
          frame.track()
              + ','
              + frame.groupId()
              + ','
              + frame.objectId()
              + ','
              + frame.kind()
              + ','
              + frame.sizeBytes()
              + ','
              + frame.captureMicros()
              + ','
              + frame.arrivalMicros()
              + ','
              + frame.latencyMicros()
              + ','
              + frame.relayArrivalsMicros().stream()
                  .map(String::valueOf)
                  .collect(Collectors.joining(";"))
              + '\n');
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
