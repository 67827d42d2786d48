package dev.moqbed.collect;

import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.PathSample;
import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.session.transport.PathStats;
import java.util.List;
import java.util.function.Supplier;

/**
 * Samples the relay's path to each subscriber session every {@link #INTERVAL_MICROS}, on the
 * relay's scheduler (where its sessions live), and hands one {@link PathSample} per session to a
 * {@link RecordSender}: the same figures the chain's relay table averages. Publishing sessions and
 * sessions without subscriptions are left out. Figures the transport does not report (-1 in {@link
 * PathStats}) stay absent.
 */
public final class RelayPathSampler {
  /** 100 ms, as the chain's relay table samples. */
  public static final long INTERVAL_MICROS = 100_000;

  private final Scheduler scheduler;
  private final Supplier<List<SessionSnapshot>> sessions;
  private final RecordSender sender;
  private TimerHandle timer;
  private boolean stopped;
  private long samples;

  private RelayPathSampler(
      Scheduler scheduler, Supplier<List<SessionSnapshot>> sessions, RecordSender sender) {
    this.scheduler = scheduler;
    this.sessions = sessions;
    this.sender = sender;
  }

  /**
   * Starts sampling. Call from any thread: the first sample is taken on the scheduler.
   *
   * @param sessions the relay's sessions ({@code relay::sessionSnapshots}), read on the scheduler
   */
  public static RelayPathSampler start(
      Scheduler scheduler, Supplier<List<SessionSnapshot>> sessions, RecordSender sender) {
    RelayPathSampler sampler = new RelayPathSampler(scheduler, sessions, sender);
    scheduler.execute(sampler::sample);
    return sampler;
  }

  /** Stops sampling; on the scheduler. */
  public void stop() {
    scheduler.execute(
        () -> {
          stopped = true;
          if (timer != null) {
            timer.cancel();
          }
          timer = null;
        });
  }

  /** Samples offered so far (read on the scheduler). */
  public long samples() {
    return samples;
  }

  private void sample() {
    if (stopped) {
      return;
    }
    long now = scheduler.nowMicros();
    for (SessionSnapshot session : sessions.get()) {
      if (session.publishes() || session.subscriptions() == 0) {
        continue;
      }
      sender.offer(CollectRecord.newBuilder().setPath(sample(session, now)).build());
      samples++;
    }
    timer = scheduler.scheduleAt(now + INTERVAL_MICROS, this::sample);
  }

  static PathSample sample(SessionSnapshot session, long nowMicros) {
    PathStats path = session.path();
    PathSample.Builder sample =
        PathSample.newBuilder()
            .setPeer(session.peer())
            .setTimeUs(nowMicros)
            .setQueuedBytes(session.queuedBytes());
    if (path.congestionWindowBytes() >= 0) {
      sample.setCwndBytes(path.congestionWindowBytes());
    }
    if (path.smoothedRttMicros() >= 0) {
      sample.setSmoothedRttUs(path.smoothedRttMicros());
    }
    if (path.deliveryRateBytesPerSecond() >= 0) {
      sample.setDeliveryRateBps(path.deliveryRateBytesPerSecond() * 8);
    }
    if (path.packetsLost() >= 0) {
      sample.setPacketsLost(path.packetsLost());
    }
    if (path.bytesSent() >= 0) {
      sample.setBytesSent(path.bytesSent());
    }
    if (path.pacingRateBytesPerSecond() >= 0) {
      sample.setPacingRateBps(path.pacingRateBytesPerSecond() * 8);
    }
    if (path.minRttMicros() >= 0) {
      sample.setMinRttUs(path.minRttMicros());
    }
    sample.setControllerState(path.controller().state());
    return sample.build();
  }
}
