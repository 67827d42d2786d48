package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.recovery.TransportDefaults;
import java.security.SecureRandom;
import java.util.List;

/**
 * The server side of RFC 9000 §9.3: its client's packets now come from another address (a NAT
 * rebound it, or a relay's loop handed the datagram over), and this end validates that address
 * before trusting it (§8.2). The connection knows no addresses: its endpoint decides that a
 * datagram moves it ({@link #isNewestNonProbing}: only the highest-numbered non-probing packet
 * does) and calls {@link #start} or {@link #abandon}; this part then
 *
 * <ul>
 *   <li>sends a PATH_CHALLENGE of 8 unpredictable bytes to the new address, in a small datagram if
 *       a full one does not fit;
 *   <li>limits what goes there to three times what came from there, with the handshake's {@link
 *       AmplificationLimit}, so that a captured packet re-sent from a victim's address cannot make
 *       the connection a reflector;
 *   <li>keeps the congestion controller and RTT estimator when only the port changed, else starts
 *       them over (§9.4), keeping the old ones to restore;
 *   <li>after three probe timeouts without the matching PATH_RESPONSE (§8.2.4), reports {@link
 *       Outcome#FAILED}: the endpoint sends to the last validated address again, the old congestion
 *       state comes back.
 * </ul>
 *
 * As quinn ({@code Connection::migrate}, {@code prev_path}) and picoquic (a challenge per new path,
 * the amplification limit per path); one path at a time, no probing by this end. The simulator
 * never changes addresses: nothing here runs there.
 */
public final class PathValidation {
  /** What became of the last validation, read once by the endpoint. */
  public enum Outcome {
    NONE,
    VALIDATED,
    FAILED
  }

  /** The smallest room under the limit a challenge datagram is worth building for. */
  private static final int MINIMUM_CHALLENGE_DATAGRAM_BYTES = 64;

  /** Challenge bytes must be unpredictable (§8.2.1); only drawn when a peer moves. */
  private static final SecureRandom CHALLENGES = new SecureRandom();

  private final AmplificationLimit amplification;
  private final PathState path;
  private final LossDetection loss;
  private final PacketAssembly assembly;
  private final PendingFrames pending;
  private final TimerTable timers;
  private final PacketNumberSpace application;

  private boolean validating;
  private Frame.PathChallenge challenge;
  private long deadlineMicros;
  private PathState.Congestion previousCongestion;
  private Outcome outcome = Outcome.NONE;
  private int challengesSent;
  private int validated;
  private int failed;

  PathValidation(
      AmplificationLimit amplification,
      PathState path,
      LossDetection loss,
      PacketAssembly assembly,
      PendingFrames pending,
      TimerTable timers,
      PacketNumberSpace application) {
    this.amplification = amplification;
    this.path = path;
    this.loss = loss;
    this.assembly = assembly;
    this.pending = pending;
    this.timers = timers;
    this.application = application;
  }

  /**
   * Whether the datagram may move the connection to the address it came from (§9.3): a 1-RTT packet
   * numbered above every one received so far, carrying a frame other than PATH_CHALLENGE,
   * PATH_RESPONSE, NEW_CONNECTION_ID and PADDING. A replayed or older packet, or a probe, may not.
   */
  public boolean isNewestNonProbing(Datagram datagram) {
    long largest = application.receivedPackets.largestReceived();
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.space() == PacketSpace.APPLICATION
          && packet.packetNumber() > largest
          && hasNonProbingFrame(packet.frames())) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasNonProbingFrame(List<Frame> frames) {
    for (Frame frame : frames) {
      if (!(frame instanceof Frame.PathChallenge
          || frame instanceof Frame.PathResponse
          || frame instanceof Frame.NewConnectionId
          || frame instanceof Frame.Padding)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The endpoint now sends to a new address of the peer: validate it.
   *
   * @param portOnly whether only the port differs from the address sent to until now (a NAT
   *     rebinding): the congestion state is kept
   */
  public void start(long nowMicros, boolean portOnly) {
    PathState.Congestion old = portOnly ? null : path.startOver(nowMicros);
    if (previousCongestion == null) {
      previousCongestion = old; // the validated address's, whatever moves come before an answer
    }
    removeChallenge();
    challenge = new Frame.PathChallenge(CHALLENGES.nextLong());
    pending.controlFrames.add(challenge);
    challengesSent++;
    amplification.restart();
    validating = true;
    // §8.2.4: three times the larger of the PTO and the initial PTO (2 × the initial RTT).
    deadlineMicros =
        nowMicros
            + 3
                * Math.max(
                    loss.currentProbeTimeoutMicros(), 2 * TransportDefaults.INITIAL_RTT_MICROS);
    timers.set(ConnectionTimer.PATH_VALIDATION, deadlineMicros);
  }

  /** A server's endpoint checked the client's Retry token: no {@link AmplificationLimit} now. */
  public void markAddressValidated() {
    amplification.validate();
  }

  /** The peer is back at the last validated address (§9.3.2): nothing left to validate. */
  public void abandon() {
    if (validating) {
      end();
      restoreCongestion();
    }
  }

  /** A PATH_RESPONSE: if it echoes our challenge, the new address is the peer's. */
  void onPathResponse(long data) {
    if (validating && data == challenge.data()) {
      end();
      previousCongestion = null;
      validated++;
      outcome = Outcome.VALIDATED;
    }
  }

  /**
   * At three probe timeouts without an answer, gives up: true once, and the connection sends
   * nothing until its endpoint took the {@link Outcome#FAILED} and moved back.
   */
  boolean expire(long nowMicros) {
    if (!validating || nowMicros < deadlineMicros) {
      return false;
    }
    end();
    restoreCongestion();
    failed++;
    outcome = Outcome.FAILED;
    return true;
  }

  /**
   * The amplification limit holds back a full datagram: the challenge (with any ACK and control
   * frames) in one that fits, or null.
   */
  Datagram buildWithinLimit(long nowMicros, boolean ready) {
    if (!challengeFits()) {
      return null;
    }
    int room = (int) Math.min(path.mtu().mtuBytes(), amplification.roomBytes());
    return assembly.buildControlDatagram(nowMicros, room, ready);
  }

  /** Arms this part's timer: now if a held-back challenge fits the limit, else its deadline. */
  void arm(long nowMicros) {
    if (!validating) {
      timers.stop(ConnectionTimer.PATH_VALIDATION);
    } else if (!amplification.allows(path.mtu().mtuBytes()) && challengeFits()) {
      timers.set(ConnectionTimer.PATH_VALIDATION, nowMicros);
    } else {
      timers.set(ConnectionTimer.PATH_VALIDATION, deadlineMicros);
    }
  }

  private boolean challengeFits() {
    return validating
        && pending.controlFrames.contains(challenge)
        && amplification.roomBytes() >= MINIMUM_CHALLENGE_DATAGRAM_BYTES;
  }

  /** What became of the last validation since the previous call, then {@link Outcome#NONE}. */
  public Outcome takeOutcome() {
    Outcome taken = outcome;
    outcome = Outcome.NONE;
    return taken;
  }

  public boolean isValidating() {
    return validating;
  }

  /** PATH_CHALLENGEs queued, one per new address. */
  public int challengesSent() {
    return challengesSent;
  }

  /** New addresses validated by a matching PATH_RESPONSE. */
  public int validated() {
    return validated;
  }

  /** New addresses given up after three probe timeouts. */
  public int failed() {
    return failed;
  }

  private void end() {
    validating = false;
    removeChallenge();
    timers.stop(ConnectionTimer.PATH_VALIDATION);
    amplification.validate(); // the address sent to from now on was validated
  }

  private void restoreCongestion() {
    if (previousCongestion != null) {
      path.restore(previousCongestion);
      previousCongestion = null;
    }
  }

  private void removeChallenge() {
    if (challenge != null) {
      pending.controlFrames.remove(challenge);
    }
  }
}
