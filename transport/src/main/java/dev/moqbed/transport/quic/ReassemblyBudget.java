package dev.moqbed.transport.quic;

/**
 * How many separate pieces of out-of-order (or paused) stream data one connection may hold. Flow
 * control bounds the bytes a peer can make us keep, but not how finely it cuts them: each piece
 * costs a map entry and an object besides its bytes, so a peer sending one-byte frames past a hole
 * could otherwise make a 1 MiB window cost a hundred times that in heap. Pieces that arrive back to
 * back are joined ({@link ReceivedPiece}), so an honest peer holds about one piece per lost packet;
 * past the limit the connection closes with PROTOCOL_VIOLATION. The simulator's frames carry no
 * bytes and are not counted: it has no hostile peer, and its numbers stay what they were.
 */
final class ReassemblyBudget {
  /** The least limit, whatever the window: 4096 pieces of about 150 B of bookkeeping each. */
  static final int MINIMUM_PIECES = 4096;

  /** Window bytes per allowed piece: an honest peer's pieces are packets, about 1200 B each. */
  static final int WINDOW_BYTES_PER_PIECE = 256;

  private final int maximumPieces;
  private int heldPieces;

  ReassemblyBudget(int maximumPieces) {
    this.maximumPieces = maximumPieces;
  }

  /** The budget for a connection whose initial MAX_DATA is {@code initialMaxData}. */
  static ReassemblyBudget forWindow(long initialMaxData) {
    long scaled = initialMaxData / WINDOW_BYTES_PER_PIECE;
    return new ReassemblyBudget(
        (int) Math.min(Integer.MAX_VALUE, Math.max(MINIMUM_PIECES, scaled)));
  }

  void hold() {
    heldPieces++;
  }

  void release(int pieces) {
    heldPieces -= pieces;
  }

  int heldPieces() {
    return heldPieces;
  }

  int maximumPieces() {
    return maximumPieces;
  }

  boolean isExceeded() {
    return heldPieces > maximumPieces;
  }
}
