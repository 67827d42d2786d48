package dev.moqbed.relay;

import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.session.AuthorizationToken;

/**
 * Relay settings: what a subscriber, a session and a stranger may hold. Built with {@link
 * #builder()}, whose setters check each value where it is set and document its default; {@link
 * #toBuilder()} copies a configuration to change one value.
 */
public final class RelayConfig {
  /** 1 MiB queued per subscriber: about 4 s of the draft mix's vmid layer. */
  public static final long DEFAULT_MAX_QUEUED_BYTES = 1 << 20;

  /** 1,000 sessions: with full queues, 1 GiB of heap. */
  public static final int DEFAULT_MAX_SESSIONS = 1_000;

  /** 100 subscriptions per session: the draft's media mix has 3 tracks. */
  public static final int DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION = 100;

  /** 5 s for the MoQT setup: a handshake round trip or two, with a wide margin. */
  public static final long DEFAULT_SETUP_TIMEOUT_MICROS = 5_000_000;

  /** 16 connections of one address awaiting their setup: a NAT's worth of honest clients. */
  public static final int DEFAULT_MAX_PENDING_SETUPS_PER_ADDRESS = 16;

  /**
   * 8 MiB per object payload: a 4K keyframe at a high bitrate is well below 1 MiB; a longer one is
   * refused when its length field arrives.
   */
  public static final int DEFAULT_MAX_OBJECT_BYTES = 8 << 20;

  /** 16 MiB of incomplete objects per session: two objects of the largest size, with room. */
  public static final long DEFAULT_MAX_RECEIVE_BUFFER_PER_SESSION = 16L << 20;

  /** 256 MiB of incomplete objects in all: sixteen sessions at their cap. */
  public static final long DEFAULT_MAX_RECEIVE_BUFFER_TOTAL = 256L << 20;

  /**
   * 100 set-up sessions per peer address: an office or a campus behind one NAT watching one stream
   * is many honest viewers on one address, yet ten addresses are needed to fill the default 1,000
   * sessions. The project's own benchmarks, which run hundreds of subscribers from 127.0.0.1, raise
   * it for their relays.
   */
  public static final int DEFAULT_MAX_SESSIONS_PER_ADDRESS = 100;

  /**
   * 30 s for a session that holds no namespace and no subscription: far longer than any honest
   * client needs between its setup and its first request (or between a refused SUBSCRIBE and the
   * next try: the project's subscriber asks again every 250 ms for 10 s), far shorter than a slot
   * held by keep-alives alone for ever.
   */
  public static final long DEFAULT_IDLE_SESSION_TIMEOUT_MICROS = 30_000_000;

  /**
   * 1 s of silence before a new session may take a namespace from the session that holds it: a live
   * publisher sends media continuously and the project's clients a keep-alive every 500 ms (a
   * quarter of their 2 s liveness timeout), so a holder silent for 1 s is one its publisher has
   * most likely given up.
   */
  public static final long DEFAULT_NAMESPACE_TAKEOVER_AFTER_MICROS = 1_000_000;

  /** Every default. */
  public static final RelayConfig DEFAULT = builder().build();

  private final long maxQueuedBytesPerSubscriber;
  private final long publishDoneGraceMicros;
  private final int maxSessions;
  private final int maxSubscriptionsPerSession;
  private final long setupTimeoutMicros;
  private final int maxPendingSetupsPerAddress;
  private final TokenKey authKey;
  private final AuthorizationToken upstreamToken;
  private final int maxObjectBytes;
  private final long maxReceiveBufferPerSession;
  private final long maxReceiveBufferTotal;
  private final int maxSessionsPerAddress;
  private final long idleSessionTimeoutMicros;
  private final long namespaceTakeoverAfterMicros;

  private RelayConfig(Builder builder) {
    maxQueuedBytesPerSubscriber = builder.maxQueuedBytesPerSubscriber;
    publishDoneGraceMicros = builder.publishDoneGraceMicros;
    maxSessions = builder.maxSessions;
    maxSubscriptionsPerSession = builder.maxSubscriptionsPerSession;
    setupTimeoutMicros = builder.setupTimeoutMicros;
    maxPendingSetupsPerAddress = builder.maxPendingSetupsPerAddress;
    authKey = builder.authKey;
    upstreamToken = builder.upstreamToken;
    maxObjectBytes = builder.maxObjectBytes;
    maxReceiveBufferPerSession = builder.maxReceiveBufferPerSession;
    maxReceiveBufferTotal = builder.maxReceiveBufferTotal;
    maxSessionsPerAddress = builder.maxSessionsPerAddress;
    idleSessionTimeoutMicros = builder.idleSessionTimeoutMicros;
    namespaceTakeoverAfterMicros = builder.namespaceTakeoverAfterMicros;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Bytes a subscriber's queue may hold; beyond it the oldest least urgent group is dropped. */
  public long maxQueuedBytesPerSubscriber() {
    return maxQueuedBytesPerSubscriber;
  }

  /** How long to wait after a PUBLISH_DONE for the streams it announced. */
  public long publishDoneGraceMicros() {
    return publishDoneGraceMicros;
  }

  /** Sessions held at once; one more is closed after its setup with INTERNAL_ERROR. */
  public int maxSessions() {
    return maxSessions;
  }

  /** Subscriptions one session may hold; one more SUBSCRIBE gets SUBSCRIBE_ERROR. */
  public int maxSubscriptionsPerSession() {
    return maxSubscriptionsPerSession;
  }

  /** How long a connection may take to complete its MoQT setup; 0 = forever. */
  public long setupTimeoutMicros() {
    return setupTimeoutMicros;
  }

  /** Connections of one address that may await their setup at once. */
  public int maxPendingSetupsPerAddress() {
    return maxPendingSetupsPerAddress;
  }

  /**
   * The key that signs the tokens every PUBLISH_NAMESPACE and SUBSCRIBE must carry; null for an
   * open relay, where anyone may publish or subscribe to anything.
   */
  public TokenKey authKey() {
    return authKey;
  }

  /**
   * The token this relay presents to its upstream relay ({@code relay --upstream}), in its
   * CLIENT_SETUP and on every SUBSCRIBE it sends there; {@link AuthorizationToken#NONE} for an open
   * upstream.
   */
  public AuthorizationToken upstreamToken() {
    return upstreamToken;
  }

  /**
   * The largest object payload a peer may send on a stream or in a datagram; a longer one closes
   * the session with PROTOCOL_VIOLATION as soon as its length field arrives, before it is buffered.
   */
  public int maxObjectBytes() {
    return maxObjectBytes;
  }

  /** Bytes of incomplete objects one session may hold; beyond it the session is closed. */
  public long maxReceiveBufferPerSession() {
    return maxReceiveBufferPerSession;
  }

  /**
   * Bytes of incomplete objects all sessions together may hold; beyond it the largest holder is
   * closed.
   */
  public long maxReceiveBufferTotal() {
    return maxReceiveBufferTotal;
  }

  /**
   * Set-up sessions one peer address (its IP, whatever the port) may hold at once; one more is
   * closed after its setup with TOO_MANY_REQUESTS.
   */
  public int maxSessionsPerAddress() {
    return maxSessionsPerAddress;
  }

  /**
   * How long a session may hold no namespace and no subscription before it is closed; the clock
   * restarts each time it again holds nothing. 0 = never.
   */
  public long idleSessionTimeoutMicros() {
    return idleSessionTimeoutMicros;
  }

  /**
   * How long the session holding a namespace must have been silent (nothing received from it at the
   * MoQT level) before another session's PUBLISH_NAMESPACE takes the namespace from it.
   */
  public long namespaceTakeoverAfterMicros() {
    return namespaceTakeoverAfterMicros;
  }

  /** Collects the settings; each setter rejects a bad value with a one-line message. */
  public static final class Builder {
    private long maxQueuedBytesPerSubscriber = DEFAULT_MAX_QUEUED_BYTES;
    private long publishDoneGraceMicros = 2_000_000;
    private int maxSessions = DEFAULT_MAX_SESSIONS;
    private int maxSubscriptionsPerSession = DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION;
    private long setupTimeoutMicros = DEFAULT_SETUP_TIMEOUT_MICROS;
    private int maxPendingSetupsPerAddress = DEFAULT_MAX_PENDING_SETUPS_PER_ADDRESS;
    private TokenKey authKey;
    private AuthorizationToken upstreamToken = AuthorizationToken.NONE;
    private int maxObjectBytes = DEFAULT_MAX_OBJECT_BYTES;
    private long maxReceiveBufferPerSession = DEFAULT_MAX_RECEIVE_BUFFER_PER_SESSION;
    private long maxReceiveBufferTotal = DEFAULT_MAX_RECEIVE_BUFFER_TOTAL;
    private int maxSessionsPerAddress = DEFAULT_MAX_SESSIONS_PER_ADDRESS;
    private long idleSessionTimeoutMicros = DEFAULT_IDLE_SESSION_TIMEOUT_MICROS;
    private long namespaceTakeoverAfterMicros = DEFAULT_NAMESPACE_TAKEOVER_AFTER_MICROS;

    private Builder() {}

    private Builder(RelayConfig config) {
      maxQueuedBytesPerSubscriber = config.maxQueuedBytesPerSubscriber;
      publishDoneGraceMicros = config.publishDoneGraceMicros;
      maxSessions = config.maxSessions;
      maxSubscriptionsPerSession = config.maxSubscriptionsPerSession;
      setupTimeoutMicros = config.setupTimeoutMicros;
      maxPendingSetupsPerAddress = config.maxPendingSetupsPerAddress;
      authKey = config.authKey;
      upstreamToken = config.upstreamToken;
      maxObjectBytes = config.maxObjectBytes;
      maxReceiveBufferPerSession = config.maxReceiveBufferPerSession;
      maxReceiveBufferTotal = config.maxReceiveBufferTotal;
      maxSessionsPerAddress = config.maxSessionsPerAddress;
      idleSessionTimeoutMicros = config.idleSessionTimeoutMicros;
      namespaceTakeoverAfterMicros = config.namespaceTakeoverAfterMicros;
    }

    /** Bytes a subscriber's queue may hold (default 1 MiB). */
    public Builder maxQueuedBytesPerSubscriber(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("--max-buffered-bytes must be at least 1");
      }
      maxQueuedBytesPerSubscriber = bytes;
      return this;
    }

    /** The wait after a PUBLISH_DONE for the streams it announced (default 2 s). */
    public Builder publishDoneGraceMicros(long micros) {
      if (micros < 0) {
        throw new IllegalArgumentException("the PUBLISH_DONE grace must not be negative");
      }
      publishDoneGraceMicros = micros;
      return this;
    }

    /** Sessions held at once (default 1,000). */
    public Builder maxSessions(int sessions) {
      if (sessions < 1) {
        throw new IllegalArgumentException("--max-sessions must be at least 1");
      }
      maxSessions = sessions;
      return this;
    }

    /** Subscriptions one session may hold (default 100). */
    public Builder maxSubscriptionsPerSession(int subscriptions) {
      if (subscriptions < 1) {
        throw new IllegalArgumentException("--max-subscriptions-per-session must be at least 1");
      }
      maxSubscriptionsPerSession = subscriptions;
      return this;
    }

    /** How long a connection may take to complete its MoQT setup (default 5 s; 0 = forever). */
    public Builder setupTimeoutMicros(long micros) {
      if (micros < 0) {
        throw new IllegalArgumentException("--setup-timeout must not be negative");
      }
      setupTimeoutMicros = micros;
      return this;
    }

    /** Connections of one address that may await their setup at once (default 16). */
    public Builder maxPendingSetupsPerAddress(int connections) {
      if (connections < 1) {
        throw new IllegalArgumentException("--max-pending-setups-per-address must be at least 1");
      }
      maxPendingSetupsPerAddress = connections;
      return this;
    }

    /** Requires tokens signed with {@code key} (default: none, an open relay). */
    public Builder authKey(TokenKey key) {
      authKey = key;
      return this;
    }

    /** The token for the upstream relay (default: none). */
    public Builder upstreamToken(AuthorizationToken token) {
      upstreamToken = java.util.Objects.requireNonNull(token, "token");
      return this;
    }

    /** The largest object payload a peer may send (default 8 MiB; at most 2 GiB - 1). */
    public Builder maxObjectBytes(long bytes) {
      if (bytes < 1 || bytes > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("--max-object-size must be 1 B..2 GiB-1");
      }
      maxObjectBytes = (int) bytes;
      return this;
    }

    /** Bytes of incomplete objects one session may hold (default 16 MiB). */
    public Builder maxReceiveBufferPerSession(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("--max-receive-buffer-per-session must be at least 1");
      }
      maxReceiveBufferPerSession = bytes;
      return this;
    }

    /** Bytes of incomplete objects all sessions may hold (default 256 MiB). */
    public Builder maxReceiveBufferTotal(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("--max-receive-buffer-total must be at least 1");
      }
      maxReceiveBufferTotal = bytes;
      return this;
    }

    /** Set-up sessions one peer address may hold at once (default 100). */
    public Builder maxSessionsPerAddress(int sessions) {
      if (sessions < 1) {
        throw new IllegalArgumentException("--max-sessions-per-address must be at least 1");
      }
      maxSessionsPerAddress = sessions;
      return this;
    }

    /** How long a session may hold nothing (default 30 s; 0 = forever). */
    public Builder idleSessionTimeoutMicros(long micros) {
      if (micros < 0) {
        throw new IllegalArgumentException("--idle-session-timeout must not be negative");
      }
      idleSessionTimeoutMicros = micros;
      return this;
    }

    /** The holder's silence after which a namespace may be taken over (default 1 s). */
    public Builder namespaceTakeoverAfterMicros(long micros) {
      if (micros < 0) {
        throw new IllegalArgumentException("--namespace-takeover-after must not be negative");
      }
      namespaceTakeoverAfterMicros = micros;
      return this;
    }

    /**
     * @throws IllegalArgumentException when an object of the largest size could never complete
     *     within the per-session cap, or the per-session cap exceeds the total
     */
    public RelayConfig build() {
      if (maxObjectBytes >= maxReceiveBufferPerSession) {
        throw new IllegalArgumentException(
            "--max-object-size must be below --max-receive-buffer-per-session (an object of the"
                + " largest size must fit with its headers)");
      }
      if (maxReceiveBufferPerSession > maxReceiveBufferTotal) {
        throw new IllegalArgumentException(
            "--max-receive-buffer-per-session must not exceed --max-receive-buffer-total");
      }
      return new RelayConfig(this);
    }
  }
}
