package dev.moqbed.netsim;

import dev.moqbed.runtime.RandomStreams;
import java.util.Locale;
import java.util.SplittableRandom;

/** How to build a {@link TwoNodeNetwork}: the link schedule and the switches. */
public final class NetworkConfig {
  private final LinkSchedule schedule;
  private final AqmQuirks aqmQuirks;
  private final JitterSeeds jitterSeeds;
  private final RandomStreams randomStreams;
  private final int maxFlows;
  private final NetworkListener listener;
  private final int receiveBatch;

  private NetworkConfig(Builder builder) {
    this.schedule = builder.schedule;
    this.aqmQuirks = builder.aqmQuirks;
    this.jitterSeeds = builder.jitterSeeds;
    this.randomStreams = builder.randomStreams;
    this.maxFlows = builder.maxFlows;
    this.listener = builder.listener;
    this.receiveBatch = builder.receiveBatch;
  }

  public static Builder builder(LinkSchedule schedule) {
    return new Builder(schedule);
  }

  public LinkSchedule schedule() {
    return schedule;
  }

  public AqmQuirks aqmQuirks() {
    return aqmQuirks;
  }

  public JitterSeeds jitterSeeds() {
    return jitterSeeds;
  }

  public int maxFlows() {
    return maxFlows;
  }

  public NetworkListener listener() {
    return listener;
  }

  /** Datagrams a node takes at one instant before its endpoints run; 0 = all (picoquic_ns). */
  public int receiveBatch() {
    return receiveBatch;
  }

  /** The AQM's random stream for one direction (drawn only by {@link AqmQuirks#RFC}). */
  SplittableRandom aqmRandom(LinkDirection direction) {
    return randomStreams.stream("netsim.aqm." + direction.name().toLowerCase(Locale.ROOT));
  }

  /** Builds a {@link NetworkConfig}; every setting has the reference's default. */
  public static final class Builder {
    private final LinkSchedule schedule;
    private AqmQuirks aqmQuirks = AqmQuirks.PICOQUIC;
    private JitterSeeds jitterSeeds = JitterSeeds.reference();
    private RandomStreams randomStreams = new RandomStreams(0, 0);
    private int maxFlows = TwoNodeNetwork.MAX_FLOWS;
    private NetworkListener listener = NetworkListener.NONE;
    private int receiveBatch;

    private Builder(LinkSchedule schedule) {
      if (schedule == null) {
        throw new IllegalArgumentException("a network needs a link schedule");
      }
      this.schedule = schedule;
    }

    /** {@code picoquic} (default) or {@code rfc}. */
    public Builder aqmQuirks(AqmQuirks quirks) {
      this.aqmQuirks = quirks;
      return this;
    }

    /** Default: {@link JitterSeeds#reference()}. */
    public Builder jitterSeeds(JitterSeeds seeds) {
      this.jitterSeeds = seeds;
      return this;
    }

    /**
     * The run's random streams: seeds the jitter as {@link JitterSeeds#forRun} and feeds the RFC
     * AQM's draws.
     */
    public Builder randomStreams(RandomStreams streams) {
      this.randomStreams = streams;
      this.jitterSeeds = JitterSeeds.forRun(streams);
      return this;
    }

    /** Connections sharing the links, 1 to 5 (picoquic_ns's limit); flow ids are 0 to n-1. */
    public Builder maxFlows(int flows) {
      if (flows < 1 || flows > TwoNodeNetwork.MAX_FLOWS) {
        throw new IllegalArgumentException(
            "flows must be 1 to " + TwoNodeNetwork.MAX_FLOWS + ": " + flows);
      }
      this.maxFlows = flows;
      return this;
    }

    public Builder listener(NetworkListener networkListener) {
      this.listener = networkListener;
      return this;
    }

    /**
     * At most {@code datagrams} arrivals of one instant at a node before the endpoints' tasks of
     * that instant run, as a receiver reading its socket in batches would: 0 (default) delivers
     * every arrival of an instant first, picoquic_ns's order.
     */
    public Builder receiveBatch(int datagrams) {
      if (datagrams < 0) {
        throw new IllegalArgumentException("a receive batch must not be negative: " + datagrams);
      }
      this.receiveBatch = datagrams;
      return this;
    }

    public NetworkConfig build() {
      return new NetworkConfig(this);
    }
  }
}
