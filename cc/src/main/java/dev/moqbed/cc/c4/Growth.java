package dev.moqbed.cc.c4;

/** The verdict on the window being evaluated (picoquic's {@code c4_growing_t}). */
enum Growth {
  NONE,
  SLOW,
  FAST
}
