package dev.moqbed.collect;

import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.subscriber.FrameRecord;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A directory of {@code runs.csv} and {@code frames/} written by runs of this process (a live
 * chain's {@code --out}) rather than by senders over the network: the same writers as the
 * collector's ({@link CollectedRuns}, {@link FrameRows}, {@link SubscriberRun}), so the files,
 * their columns and what {@code report} makes of them are those of a collected directory.
 */
public final class LocalRunsDirectory implements Closeable {
  /** No more tracks than the collector accepts from one sender. */
  private static final int MAX_TRACKS = CollectLimits.DEFAULT.maxTracksPerRun();

  private final CollectedRuns runs;

  private LocalRunsDirectory(CollectedRuns runs) {
    this.runs = runs;
  }

  /**
   * Opens {@code directory}, creating it, or continuing the runs.csv a collector or an earlier run
   * wrote there.
   *
   * @throws IllegalArgumentException when its runs.csv was written by something else
   */
  public static LocalRunsDirectory open(Path directory) throws IOException {
    return new LocalRunsDirectory(CollectedRuns.open(directory));
  }

  /** Starts the next run of the test and controller {@code hello} names. */
  public Run start(Hello hello) throws IOException {
    int run = runs.allocate(hello.getTest(), hello.getController());
    Path file = runs.framesFile(hello.getTest(), hello.getController(), run);
    return new Run(new SubscriberRun(hello, run, new FrameRows(file, run), MAX_TRACKS), file);
  }

  @Override
  public void close() throws IOException {
    runs.close();
  }

  /**
   * One run being written: frames as they arrive (from any thread: several subscribers' event loops
   * may feed one run), then its row.
   */
  public final class Run {
    private final SubscriberRun collected;
    private final Path framesFile;
    private IOException failure;

    private Run(SubscriberRun collected, Path framesFile) {
      this.collected = collected;
      this.framesFile = framesFile;
    }

    /** Where the run's frames are, once {@link #finish} has committed them. */
    public Path framesFile() {
      return framesFile;
    }

    /** The run's number in its (test, controller). */
    public int number() {
      return collected.run();
    }

    /**
     * Adds a frame. A write failure is kept and thrown by {@link #finish}, so the event loop that
     * delivered the frame never sees it.
     */
    public synchronized void frame(FrameRecord frame) {
      if (failure != null) {
        return;
      }
      try {
        collected.frame(SubscriberRecords.frame(frame).getFrame());
      } catch (IOException e) {
        failure = e;
      }
    }

    /** Commits the frames file and appends the run's row to runs.csv. */
    public synchronized void finish(End end) throws IOException {
      if (failure != null) {
        throw failure;
      }
      runs.append(collected.finish(end));
    }
  }
}
