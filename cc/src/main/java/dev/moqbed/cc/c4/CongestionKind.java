package dev.moqbed.cc.c4;

/** What signalled congestion (picoquic's {@code c4_congestion_t}); it selects the rate cut. */
enum CongestionKind {
  NONE,
  DELAY,
  ECN,
  LOSS
}
