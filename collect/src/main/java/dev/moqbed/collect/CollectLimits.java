package dev.moqbed.collect;

/**
 * What one sender may make the collector hold.
 *
 * @param maxConnections senders connected at once; one more is closed on arrival
 * @param maxMessageBytes the largest record; a longer one closes its connection
 * @param idleTimeoutMillis a connection silent this long is closed (its run ends incomplete)
 * @param maxTracksPerRun distinct tracks one subscriber run may report (each costs a counter)
 */
public record CollectLimits(
    int maxConnections, int maxMessageBytes, int idleTimeoutMillis, int maxTracksPerRun) {

  /** 64 senders, 64 KiB records, 30 s of silence, 64 tracks per run. */
  public static final CollectLimits DEFAULT = new CollectLimits(64, 64 * 1024, 30_000, 64);

  public CollectLimits {
    if (maxConnections < 1
        || maxMessageBytes < 16
        || idleTimeoutMillis < 1
        || maxTracksPerRun < 1) {
      throw new IllegalArgumentException(
          "collector limits must be positive (and records at least 16 bytes)");
    }
  }
}
