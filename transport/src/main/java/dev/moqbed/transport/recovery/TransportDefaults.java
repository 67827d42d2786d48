package dev.moqbed.transport.recovery;

/**
 * picoquic's transport defaults (picoquic {@code d199d45b}: {@code
 * picoquic_init_transport_parameters} in {@code quicctx.c}, constants in {@code
 * picoquic_internal.h} and {@code picoquic.h}). Times in microseconds, sizes in bytes.
 */
public final class TransportDefaults {

  /** {@code initial_max_data}: the connection-level flow-control window (1 MiB). */
  public static final long INITIAL_MAX_DATA_BYTES = 1_048_576;

  /** {@code initial_max_stream_data_bidi_local}: what the peer may send on streams we open. */
  public static final long INITIAL_MAX_STREAM_DATA_BIDI_LOCAL_BYTES = 2_097_152;

  /**
   * {@code initial_max_stream_data_bidi_remote}: what the peer may send on streams it opens.
   * picoquic writes 65635, not 65535; kept as written because it is what goes on the wire.
   */
  public static final long INITIAL_MAX_STREAM_DATA_BIDI_REMOTE_BYTES = 65_635;

  /** {@code initial_max_stream_data_uni}. */
  public static final long INITIAL_MAX_STREAM_DATA_UNI_BYTES = 65_535;

  public static final long INITIAL_MAX_STREAMS_BIDI = 512;
  public static final long INITIAL_MAX_STREAMS_UNI = 512;

  /** {@code max_idle_timeout}, 30 s. */
  public static final long MAX_IDLE_TIMEOUT_MICROS = 30_000_000;

  /** {@code max_packet_size} transport parameter and the PMTU target (PRACTICAL_MAX_MTU). */
  public static final int MAX_PACKET_SIZE_BYTES = 1440;

  /** The size of handshake datagrams and of packets before the PMTU probe succeeds (IPv4). */
  public static final int INITIAL_MTU_BYTES = 1252;

  /** The local {@code max_ack_delay} both ends advertise; also the cap on any requested delay. */
  public static final long MAX_ACK_DELAY_MICROS = 10_000;

  /** The {@code min_ack_delay} both ends advertise (ACK frequency extension). */
  public static final long MIN_ACK_DELAY_MICROS = 1_000;

  /** The peer's max_ack_delay assumed before its transport parameters arrive (RFC 9000 default). */
  public static final long DEFAULT_PEER_MAX_ACK_DELAY_MICROS = 25_000;

  public static final int ACK_DELAY_EXPONENT = 3;

  /** {@code active_connection_id_limit}. */
  public static final int ACTIVE_CONNECTION_ID_LIMIT = 8;

  /** Smoothed RTT before any sample. */
  public static final long INITIAL_RTT_MICROS = 250_000;

  /** Retransmit (PTO) base before any sample. */
  public static final long INITIAL_RETRANSMIT_TIMER_MICROS = 250_000;

  /** Cap on the backed-off PTO before the handshake completes. */
  public static final long INITIAL_MAX_RETRANSMIT_TIMER_MICROS = 1_000_000;

  /** Cap on the backed-off PTO in the ready state (unless min RTT is above the satellite RTT). */
  public static final long LARGE_RETRANSMIT_TIMER_MICROS = 2_000_000;

  /** picoquic's "normal" RTT: below it flow-control windows double; it scales long-RTT rules. */
  public static final long TARGET_RENO_RTT_MICROS = 100_000;

  /** picoquic's practical maximum RTT for non-pathological paths. */
  public static final long TARGET_SATELLITE_RTT_MICROS = 610_000;

  /** The packet size picoquic uses for window constants ({@code PICOQUIC_MAX_PACKET_SIZE}). */
  public static final int WINDOW_PACKET_SIZE_BYTES = 1536;

  /** {@code PICOQUIC_CWIN_INITIAL} = 10 x 1536. */
  public static final long INITIAL_CONGESTION_WINDOW_BYTES = 10L * WINDOW_PACKET_SIZE_BYTES;

  /** {@code PICOQUIC_CWIN_MINIMUM} = 2 x 1536. */
  public static final long MINIMUM_CONGESTION_WINDOW_BYTES = 2L * WINDOW_PACKET_SIZE_BYTES;

  /** Extra ACK ranges per ACK frame beyond the first one. */
  public static final int MAX_EXTRA_ACK_RANGES = 32;

  /** {@code PICOQUIC_MAX_ACK_RANGE_REPEAT}: send counts of ACK ranges saturate here. */
  public static final int MAX_ACK_RANGE_REPEAT = 4;

  /** ACK gap a receiver uses before it gets an ACK_FREQUENCY frame, and for its first packets. */
  public static final long ACK_GAP_BEFORE_ACK_FREQUENCY = 2;

  /** ACK delay a receiver uses before it gets an ACK_FREQUENCY frame. */
  public static final long ACK_DELAY_BEFORE_ACK_FREQUENCY_MICROS = 1_000;

  /** The gap stays at 2 while fewer packets than this were received on the connection. */
  public static final long PACKETS_BEFORE_ACK_GAP_APPLIES = 128;

  /** New packet numbers after which a receiver acknowledges even non-ack-eliciting packets. */
  public static final long ACK_ONLY_PACKETS_BEFORE_ACK = 8;

  /** Shortest interval of a delivery-rate sample ({@code PICOQUIC_BANDWIDTH_TIME_INTERVAL_MIN}). */
  public static final long BANDWIDTH_TIME_INTERVAL_MIN_MICROS = 1_000;

  /** 16 Mbit/s: above it the ACK gap floor rises from 2 to 4 (10 on long paths). */
  public static final long BANDWIDTH_MEDIUM_BYTES_PER_SECOND = 2_000_000;

  /** Packet-number distance at which an unacknowledged packet is declared lost. */
  public static final long LOSS_PACKET_THRESHOLD = 3;

  /** How long declared-lost packets are kept to detect spurious losses. */
  public static final long SPURIOUS_RETRANSMIT_DELAY_MAX_MICROS = 1_000_000;

  private TransportDefaults() {}
}
