package dev.moqbed.live.fanout;

import dev.moqbed.media.moqt.MoqtVersion;

/**
 * The lines the fan-out benchmark and its subscriber process exchange. Swarm → benchmark (its
 * standard output): {@code CONNECTED n} (progress), {@code READY fast slow} (subscribers whose
 * every subscription was accepted), then {@code LATENCY group track e2e added} per group and track
 * , {@code GC collections ms} (its garbage collections since {@code MEASURE_FROM}) and {@code DONE
 * cpu_ms}. Benchmark → swarm (its standard input): {@code MEASURE_FROM micros} (frames captured
 * earlier are the warm-up, not counted) and {@code STOP} (report now).
 */
final class FanoutProtocol {
  static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  static final String CONNECTED = "CONNECTED";
  static final String READY = "READY";
  static final String LATENCY = "LATENCY";
  static final String GC = "GC";
  static final String DONE = "DONE";
  static final String MEASURE_FROM = "MEASURE_FROM";
  static final String STOP = "STOP";

  private FanoutProtocol() {}
}
