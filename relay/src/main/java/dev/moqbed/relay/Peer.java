package dev.moqbed.relay;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.SharedDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.relay.auth.TokenGrant;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.transport.PathStats;

/**
 * The other end of one connection, as both sides of the relay see it: the {@link MoqtSession} once
 * its setup is done, and whether it has closed. The {@link UpstreamSide} and the {@link
 * DownstreamSide} of a connection share one, so a peer that publishes and subscribes has one
 * session, one control stream and one name in the logs.
 *
 * <p>Only {@link RelayConnection} changes its state, when the session becomes ready and when it
 * closes; the sides only talk through it.
 */
final class Peer {
  private final LogBudget logBudget;
  private MoqtSession session;
  private TokenGrant setupGrant;
  private boolean closed;
  // When the relay last received anything from the peer at the MoQT level: a control message (the
  // clients' keep-alive MAX_REQUEST_ID among them), a subgroup stream's start, object or end, a
  // datagram. QUIC's own packets (ACKs, PINGs) are not visible through the session interface.
  private long lastHeardMicros;

  Peer(RelayContext context) {
    this.logBudget = new LogBudget(context.scheduler(), context.events());
  }

  /** Logs a line about this peer, within its {@link LogBudget}. */
  void log(String line) {
    logBudget.log(name(), line);
  }

  /** At the session's end: says how many of this peer's lines were left out, if any. */
  void flushLog() {
    logBudget.reportSuppressed(name());
  }

  /**
   * @param setupGrant what the AUTHORIZATION TOKEN of the peer's CLIENT_SETUP granted, null when it
   *     carried none (or the relay checks none)
   */
  void onReady(MoqtSession session, TokenGrant setupGrant, long nowMicros) {
    this.session = session;
    this.setupGrant = setupGrant;
    this.lastHeardMicros = nowMicros;
  }

  /** Something arrived from the peer now. */
  void heard(long nowMicros) {
    lastHeardMicros = nowMicros;
  }

  /** When the relay last received anything from the peer (its setup, at the earliest). */
  long lastHeardMicros() {
    return lastHeardMicros;
  }

  /** The parameters of the peer's setup message; none before setup. */
  KeyValuePairs setupParameters() {
    return session == null ? KeyValuePairs.NONE : session.peerSetupParameters();
  }

  /** Closes the session (the relay's decision: it is no longer wanted), once. */
  void close(SessionError error, String reason) {
    if (isReady()) {
      session.close(error, reason);
    }
  }

  /** What the peer's CLIENT_SETUP token granted for the whole session; null without one. */
  TokenGrant setupGrant() {
    return setupGrant;
  }

  void onClosed() {
    closed = true;
  }

  /** Setup done and not closed: messages sent now reach the peer. */
  boolean isReady() {
    return session != null && !closed;
  }

  /** Setup done (whether or not it closed since). */
  boolean hasSession() {
    return session != null;
  }

  boolean isClosed() {
    return closed;
  }

  /** The peer's address, {@code ?} before setup. */
  String name() {
    return session == null ? "?" : session.peer();
  }

  /** Sends a control message; dropped once the session closed (nobody would read it). */
  void send(ControlMessage message) {
    if (isReady()) {
      session.send(message);
    }
  }

  /** The next request id of this session, for a request the relay sends to the peer. */
  long nextRequestId() {
    return session.nextRequestId();
  }

  /** True when a subgroup stream can be opened now: set up, open, and within the peer's limit. */
  boolean canOpenSubgroup() {
    return isReady() && session.canOpenSubgroup();
  }

  /** A new subgroup stream to the peer, or null when the session cannot open one. */
  SubgroupWriter openSubgroup(SubgroupHeader header, int urgency) {
    return session.openSubgroup(header, urgency);
  }

  /**
   * Sends a datagram under {@code trackAlias}, the alias the peer knows its track by, its bytes
   * after the alias shared with the other subscribers' sessions; false when the transport refused
   * it.
   */
  boolean sendDatagram(SharedDatagram datagram, long trackAlias) {
    return session.sendDatagram(datagram, trackAlias);
  }

  /** The transport's view of the path to the peer, {@link PathStats#UNKNOWN} before setup. */
  PathStats pathStats() {
    return session == null ? PathStats.UNKNOWN : session.pathStats();
  }
}
