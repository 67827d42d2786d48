package dev.moqbed.session.fuzz;

import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.session.transport.SendStream;
import java.nio.ByteBuffer;

/**
 * One run of a session under test against a raw peer, scripted by a fuzz input: the first byte
 * chooses the session's side, the second whether the peer starts with a correct setup message, then
 * each move is one {@link PeerMove} and its choices.
 */
final class SessionScenario {
  static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  private static final MoqtCodec CODEC = MoqtCodecs.create(VERSION, MoqtLimits.DEFAULT);

  /** Enough moves to reach setup, requests and streams; more only slows each run. */
  private static final int MAX_MOVES = 64;

  private static final int MAX_RAW_BYTES = 255;

  /** What a run left behind, for the property checks. */
  record Outcome(MoqtSession session, SessionWatcher watcher, RawPeer peer, boolean peerClosed) {}

  private final VirtualScheduler scheduler = new VirtualScheduler();
  private final FuzzBytes data;
  private final WellFormedInput wellFormed;
  private RawPeer peer;

  private SessionScenario(byte[] input) {
    this.data = new FuzzBytes(input);
    this.wellFormed = new WellFormedInput(CODEC, data);
  }

  static Outcome play(byte[] input) {
    return new SessionScenario(input).play();
  }

  private Outcome play() {
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), "fuzz");
    SessionWatcher watcher = new SessionWatcher();
    MoqtSession session;
    MoqtSession.Side peerSide;
    if (data.nextBoolean()) {
      peerSide = MoqtSession.Side.CLIENT;
      peer = new RawPeer(pair.client());
      session = MoqtSession.server(pair.server(), watcher, VERSION);
    } else {
      peerSide = MoqtSession.Side.SERVER;
      peer = new RawPeer(pair.server());
      session = MoqtSession.client(pair.client(), watcher, VERSION);
      scheduler.runAll(); // the peer now has the client's control stream
    }
    if (data.nextBoolean()) {
      write(peer.control(), wellFormed.setup(peerSide));
    }
    boolean peerClosed = false;
    for (int move = 0; move < MAX_MOVES && !data.exhausted() && !peerClosed; move++) {
      PeerMove next = data.pick(PeerMove.values());
      peerClosed = next == PeerMove.CLOSE;
      play(next);
    }
    scheduler.runAll();
    return new Outcome(session, watcher, peer, peerClosed);
  }

  private void play(PeerMove move) {
    switch (move) {
      case CONTROL_MESSAGE -> write(peer.control(), wellFormed.controlMessage());
      case CONTROL_BYTES -> write(peer.control(), raw());
      case SUBGROUP_STREAM ->
          write(peer.openSubgroupStream(urgency()), wellFormed.subgroupStream());
      case SUBGROUP_BYTES -> write(peer.openSubgroupStream(urgency()), raw());
      case MORE_SUBGROUP_BYTES -> write(earlierSubgroupStream(), raw());
      case FINISH_SUBGROUP -> {
        SendStream stream = earlierSubgroupStream();
        if (stream != null) {
          stream.finish();
        }
      }
      case RESET_SUBGROUP -> {
        SendStream stream = earlierSubgroupStream();
        if (stream != null) {
          stream.reset(data.nextInt(8));
        }
      }
      case DATAGRAM -> peer.sendDatagram(wellFormed.datagram());
      case DATAGRAM_BYTES -> peer.sendDatagram(raw());
      case EXTRA_BIDIRECTIONAL_STREAM -> peer.openExtraBidirectionalStream(raw());
      case FINISH_CONTROL -> peer.control().finish();
      case DELIVER -> scheduler.runAll();
      case CLOSE -> peer.close(data.nextInt(0x20));
    }
  }

  private SendStream earlierSubgroupStream() {
    return peer.subgroupStream(data.nextInt(16));
  }

  private byte[] raw() {
    return data.nextBytes(MAX_RAW_BYTES);
  }

  private int urgency() {
    return data.nextInt(8);
  }

  private static void write(SendStream stream, byte[] bytes) {
    if (stream != null) {
      stream.write(ByteBuffer.wrap(bytes));
    }
  }
}
