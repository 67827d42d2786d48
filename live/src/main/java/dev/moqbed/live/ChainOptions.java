package dev.moqbed.live;

import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.subscriber.FrameRecord;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What {@link LiveChain} runs: the media, how many subscribers through how many relays, and what
 * each end does with late frames. Built with {@link #builder()}, whose setters check each value
 * where it is set and document its default; {@link #toBuilder()} copies one to change a value.
 */
public final class ChainOptions {
  private final MediaSpec media;
  private final long durationMicros;
  private final int subscribers;
  private final int relays;
  private final int relayLoops;
  private final LiveStack relayStack;
  private final LiveStack clientStack;
  private final long lateMicros;
  private final Set<String> droppableTracks;
  private final List<Long> clockOffsetsMicros;
  private final Consumer<String> log;
  private final BiConsumer<Integer, FrameRecord> frames;
  private final long intervalMicros;
  private final Consumer<IntervalSnapshot> intervals;
  private final SubscriberRoute subscriberRoute;
  private final Consumer<MediaObject> objectsSent;
  private final ExternalSubscriber externalSubscriber;

  private ChainOptions(Builder builder) {
    media = builder.media;
    durationMicros = builder.durationMicros;
    subscribers = builder.subscribers;
    relays = builder.relays;
    relayLoops = builder.relayLoops;
    relayStack = builder.relayStack;
    clientStack = builder.clientStack;
    lateMicros = builder.lateMicros;
    droppableTracks = builder.droppableTracks;
    clockOffsetsMicros = builder.clockOffsetsMicros;
    log = builder.log;
    frames = builder.frames;
    intervalMicros = builder.intervalMicros;
    intervals = builder.intervals;
    subscriberRoute = builder.subscriberRoute;
    objectsSent = builder.objectsSent;
    externalSubscriber = builder.externalSubscriber;
  }

  /** A builder with every default: the draft's media mix for its own length, 3 subscribers. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  public MediaSpec media() {
    return media;
  }

  /** How long the publisher publishes; 0 = as long as the media lasts. */
  public long durationMicros() {
    return durationMicros;
  }

  public int subscribers() {
    return subscribers;
  }

  public int relays() {
    return relays;
  }

  /** Event loops of each relay on the project's stack ({@code --loops}). */
  public int relayLoops() {
    return relayLoops;
  }

  /** Each relay's loops on {@code stack}: {@link #relayLoops()}, one on quiche. */
  public int relayLoopsOn(LiveStack stack) {
    return stack.transport() == dev.moqbed.live.stack.LiveTransport.QUICHE ? 1 : relayLoops;
  }

  /** The relays' QUIC stack and controller: the side under test. */
  public LiveStack relayStack() {
    return relayStack;
  }

  /** The publisher's and subscribers' QUIC stack and controller. */
  public LiveStack clientStack() {
    return clientStack;
  }

  public long lateMicros() {
    return lateMicros;
  }

  public Set<String> droppableTracks() {
    return droppableTracks;
  }

  public Consumer<String> log() {
    return log;
  }

  public BiConsumer<Integer, FrameRecord> frames() {
    return frames;
  }

  /** How often the roles report an interval; 0 = never. */
  public long intervalMicros() {
    return intervalMicros;
  }

  /** Receives each interval of the reported run, on the interval printing thread. */
  public Consumer<IntervalSnapshot> intervals() {
    return intervals;
  }

  /** What lies between the last relay and the subscribers (default: nothing). */
  public SubscriberRoute subscriberRoute() {
    return subscriberRoute;
  }

  /** Receives every object the publisher hands to the relay, on the publisher's loop. */
  public Consumer<MediaObject> objectsSent() {
    return objectsSent;
  }

  /**
   * The subscriber another program runs (a browser page) in place of the chain's own, or null (the
   * default: {@link #subscribers()} of the project's).
   */
  public ExternalSubscriber externalSubscriber() {
    return externalSubscriber;
  }

  /** The clock offset subscriber {@code subscriber} (from 0) assumes; 0 when none was given. */
  long clockOffsetMicros(int subscriber) {
    return subscriber < clockOffsetsMicros.size() ? clockOffsetsMicros.get(subscriber) : 0;
  }

  /** Collects the options; each setter rejects a bad value with a one-line message. */
  public static final class Builder {
    private MediaSpec media = MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);
    private long durationMicros;
    private int subscribers = 3;
    private int relays = 1;
    private int relayLoops = 1;
    private LiveStack relayStack = LiveStack.quicheDefault();
    private LiveStack clientStack = LiveStack.quicheDefault();
    private long lateMicros = 250_000;
    private Set<String> droppableTracks = Set.of("vmid");
    private List<Long> clockOffsetsMicros = List.of();
    private Consumer<String> log = line -> {};
    private BiConsumer<Integer, FrameRecord> frames = (subscriber, frame) -> {};
    private long intervalMicros;
    private Consumer<IntervalSnapshot> intervals = interval -> {};
    private SubscriberRoute subscriberRoute = SubscriberRoute.DIRECT;
    private Consumer<MediaObject> objectsSent = object -> {};
    private ExternalSubscriber externalSubscriber;

    private Builder() {}

    private Builder(ChainOptions options) {
      media = options.media;
      durationMicros = options.durationMicros;
      subscribers = options.subscribers;
      relays = options.relays;
      relayLoops = options.relayLoops;
      relayStack = options.relayStack;
      clientStack = options.clientStack;
      lateMicros = options.lateMicros;
      droppableTracks = options.droppableTracks;
      clockOffsetsMicros = options.clockOffsetsMicros;
      log = options.log;
      frames = options.frames;
      intervalMicros = options.intervalMicros;
      intervals = options.intervals;
      subscriberRoute = options.subscriberRoute;
      objectsSent = options.objectsSent;
      externalSubscriber = options.externalSubscriber;
    }

    /** The media the publisher sends (default: the draft's mix, a1, vlow and vmid). */
    public Builder media(MediaSpec media) {
      this.media = Objects.requireNonNull(media, "media");
      return this;
    }

    /** How long the publisher publishes (default 0: as long as the media lasts). */
    public Builder durationMicros(long durationMicros) {
      if (durationMicros < 0) {
        throw new IllegalArgumentException("--duration must not be negative");
      }
      this.durationMicros = durationMicros;
      return this;
    }

    /** How many subscribers connect to the last relay (default 3). */
    public Builder subscribers(int subscribers) {
      if (subscribers < 1) {
        throw new IllegalArgumentException("--subscribers must be at least 1");
      }
      this.subscribers = subscribers;
      return this;
    }

    /**
     * Relays in a row (default 1): the publisher connects to the first, each next one has the
     * previous one as its upstream, the subscribers connect to the last.
     */
    public Builder relays(int relays) {
      if (relays < 1) {
        throw new IllegalArgumentException("--relays must be at least 1");
      }
      this.relays = relays;
      return this;
    }

    /** Event loops of each relay on the project's stack (default 1; quiche runs one). */
    public Builder relayLoops(int loops) {
      if (loops < 1) {
        throw new IllegalArgumentException("--loops " + loops + ": expected at least 1");
      }
      this.relayLoops = loops;
      return this;
    }

    /**
     * Every endpoint on quiche with these settings (default {@link QuicSettings#DEFAULT}: quiche's
     * Cubic).
     */
    public Builder settings(QuicSettings settings) {
      Objects.requireNonNull(settings, "settings");
      LiveStack quiche = LiveStack.quicheDefault().withQuicheSettings(settings);
      return stacks(quiche, quiche);
    }

    /**
     * The relays' stack and the clients' (default quiche's Cubic for both): a relay on the
     * project's stack can serve quiche clients, and the other way round.
     */
    public Builder stacks(LiveStack relays, LiveStack clients) {
      this.relayStack = Objects.requireNonNull(relays, "relays");
      this.clientStack = Objects.requireNonNull(clients, "clients");
      return this;
    }

    /**
     * How late a frame of a droppable track may be before the subscriber sends STOP_SENDING on its
     * group (default 250 ms, the draft's limit; 0 = never).
     */
    public Builder lateMicros(long lateMicros) {
      if (lateMicros < 0) {
        throw new IllegalArgumentException("--late must not be negative");
      }
      this.lateMicros = lateMicros;
      return this;
    }

    /** Tracks whose late groups subscribers stop (default: vmid, the higher simulcast layer). */
    public Builder droppableTracks(Set<String> tracks) {
      this.droppableTracks = Set.copyOf(tracks);
      return this;
    }

    /**
     * Per subscriber, the clock offset it assumes (default none: 0 each); a negative one makes
     * every frame look that much later, which is how a test forces a late layer.
     */
    public Builder clockOffsetsMicros(List<Long> offsets) {
      this.clockOffsetsMicros = List.copyOf(offsets);
      return this;
    }

    /** Receives the roles' log lines, from their event-loop threads (default: discards them). */
    public Builder log(Consumer<String> log) {
      this.log = Objects.requireNonNull(log, "log");
      return this;
    }

    /**
     * Receives every frame of every subscriber (numbered from 1), on that subscriber's event-loop
     * thread (default: discards them).
     */
    public Builder frames(BiConsumer<Integer, FrameRecord> frames) {
      this.frames = Objects.requireNonNull(frames, "frames");
      return this;
    }

    /**
     * Every {@code intervalMicros} of the media (default 0: never), the publisher, the last relay
     * and every subscriber report what they did in that interval; {@code intervals} receives each
     * interval, all of them joined, on a printing thread of its own.
     */
    public Builder intervals(long intervalMicros, Consumer<IntervalSnapshot> intervals) {
      if (intervalMicros < 0) {
        throw new IllegalArgumentException("--interval must not be negative");
      }
      this.intervalMicros = intervalMicros;
      this.intervals = Objects.requireNonNull(intervals, "intervals");
      return this;
    }

    /**
     * What the subscribers dial instead of the last relay (default {@link SubscriberRoute#DIRECT}),
     * opened once per run: how {@code chain --link} puts the link emulator on the relay's sending
     * side.
     */
    public Builder subscriberRoute(SubscriberRoute route) {
      this.subscriberRoute = Objects.requireNonNull(route, "route");
      return this;
    }

    /**
     * Receives every object the publisher hands to the relay, in capture order, on the publisher's
     * event-loop thread (default: discards them): what a run's frames file lists as sent.
     */
    public Builder objectsSent(Consumer<MediaObject> objectsSent) {
      this.objectsSent = Objects.requireNonNull(objectsSent, "objectsSent");
      return this;
    }

    /**
     * One subscriber another program runs, in place of the project's (default null: none): the last
     * relay also accepts WebTransport on {@link RelayUrl#DEFAULT_PATH}, which the program dials
     * through the subscriber route.
     */
    public Builder externalSubscriber(ExternalSubscriber subscriber) {
      this.externalSubscriber = subscriber;
      return this;
    }

    public ChainOptions build() {
      return new ChainOptions(this);
    }
  }
}
