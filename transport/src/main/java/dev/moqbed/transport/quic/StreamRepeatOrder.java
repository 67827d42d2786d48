package dev.moqbed.transport.quic;

/**
 * In which order the stream data of lost packets goes out again ({@link StreamRepeats}). Both keep
 * picoquic's queue of whole lost packets in its splay tree; they differ in the tree's key.
 */
public enum StreamRepeatOrder {
  /**
   * picoquic's comparison as it works out on a 64-bit build: the bytes in flight when each packet
   * was sent, then where its frame and next byte sit in it, then the priority reversed. The draft's
   * numbers come from it, so the simulator keeps it (docs/results/vs-bbr-lg2-2026-12-07.md §9).
   */
  PICOQUIC,
  /**
   * What that comparison means to do: the most urgent priority first, then the stream, then the
   * offset of the next byte. A lost packet of a low-priority stream then cannot hold back the
   * repair of a more urgent one while that one's new data keeps leaving: the live stack's order,
   * where the relay's subscribers' priorities decide what a congested link carries first.
   */
  PRIORITY
}
