package dev.moqbed.relay;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.relay.auth.AuthRefusal;
import dev.moqbed.relay.auth.SetupAuthorization;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import java.util.function.Consumer;

/**
 * One MoQT session at the relay, which may publish, subscribe, or both. It has exactly one of each
 * side, sharing its {@link Peer}: the {@link UpstreamSide} for what the peer publishes, the {@link
 * DownstreamSide} for what it subscribes to; a side the peer does not use stays empty. This class
 * only routes: each message and stream event goes to the side it concerns (by message type: the
 * peer's announcements, the answers to the relay's SUBSCRIBEs and the media go upstream, the peer's
 * own SUBSCRIBEs and UNSUBSCRIBEs downstream), and the close reaches both.
 *
 * <p>Why both sides always exist rather than being made on first use: MoQT lets any session do both
 * at any time, the relay learns which only from later messages, and an empty side costs two small
 * maps. A relay that subscribes to another relay ({@code relay --upstream}) is the same with the
 * roles seen from the other end: its connection's upstream side receives the tracks.
 */
final class RelayConnection implements MoqtSessionListener {
  private final Peer peer;
  private final UpstreamSide upstream;
  private final DownstreamSide downstream;
  private final RelayContext context;
  private final boolean toUpstreamRelay;
  private final Consumer<RelayConnection> whenClosed;
  private final String address;
  private final AddressSessions addressSessions;
  private final IdleWatch idle;
  // True once this session counts against its address's sessions (and must be released).
  private boolean counted;

  /**
   * @param toUpstreamRelay true for a connection the relay opened to another relay (named so in the
   *     log; neither counted per address nor closed when idle: the relay itself opened it)
   * @param address the peer's IP address, for the per-address session cap
   * @param whenClosed told once the session has closed, before the sides clean up
   */
  RelayConnection(
      RelayContext context,
      Origin origin,
      boolean toUpstreamRelay,
      String address,
      AddressSessions addressSessions,
      Consumer<RelayConnection> whenClosed) {
    this.context = context;
    this.address = address;
    this.addressSessions = addressSessions;
    this.peer = new Peer(context);
    this.upstream =
        new UpstreamSide(
            peer,
            context,
            origin,
            toUpstreamRelay ? context.config().upstreamToken().parameters() : KeyValuePairs.NONE);
    this.idle = new IdleWatch(context, peer, this::holdsSomething);
    this.downstream = new DownstreamSide(peer, context, origin, idle::check);
    this.toUpstreamRelay = toUpstreamRelay;
    this.whenClosed = whenClosed;
  }

  /** True while the session publishes a namespace or holds a subscription. */
  private boolean holdsSomething() {
    return upstream.publishes() || downstream.hasSubscriptions();
  }

  UpstreamSide upstream() {
    return upstream;
  }

  DownstreamSide downstream() {
    return downstream;
  }

  /**
   * The path to the peer, if the session is set up and subscribes to something: the relay's sending
   * side towards a subscriber, where its congestion controller acts. Null otherwise.
   */
  SessionPath subscriberPath() {
    if (downstream.hasSubscriptions() && peer.hasSession()) {
      return new SessionPath(peer.name(), peer.pathStats());
    }
    return null;
  }

  SessionSnapshot snapshot() {
    return new SessionSnapshot(
        peer.name(),
        upstream.publishes(),
        downstream.subscriptionCount(),
        downstream.queuedBytes(),
        downstream.queuedObjects(),
        downstream.openStreams(),
        peer.pathStats());
  }

  /**
   * Setup done. A session the relay does not admit ({@link #admit}) is closed at once, before it
   * can ask for anything; a valid CLIENT_SETUP token serves the session's requests that carry no
   * token of their own. From now on the session must hold something ({@link IdleWatch}).
   */
  @Override
  public void onReady(MoqtSession session) {
    SetupAuthorization authorization = toUpstreamRelay ? SetupAuthorization.NONE : admit(session);
    if (authorization == null) {
      return;
    }
    peer.onReady(session, authorization.grant(), context.scheduler().nowMicros());
    context
        .events()
        .onLog((toUpstreamRelay ? "upstream relay " : "session from ") + session.peer() + " ready");
    context.observer().onSessionOpened(session.peer());
    if (!toUpstreamRelay) {
      idle.check();
    }
  }

  /**
   * Whether an accepted session may stay: with a key, its CLIENT_SETUP must carry a token the relay
   * accepts (none: UNAUTHORIZED; malformed, forged or expired: the error of that name), and its
   * address may hold at most {@link RelayConfig#maxSessionsPerAddress()} sessions
   * (TOO_MANY_REQUESTS). Returns what the setup token granted, or null when the session was closed.
   */
  private SetupAuthorization admit(MoqtSession session) {
    SetupAuthorization authorization =
        context.authorizer().checkSetup(session.peerSetupParameters());
    if (authorization.refused()) {
      String reason =
          authorization.refusal() == AuthRefusal.MISSING
              ? "unauthorized: no token in CLIENT_SETUP (this relay requires one)"
              : "unauthorized: CLIENT_SETUP token " + authorization.refusal().label();
      refuse(session, authorization.refusal().sessionError(), reason);
      context.observer().onUnauthorized("client_setup", authorization.refusal());
      return null;
    }
    if (!addressSessions.admit(address)) {
      refuse(
          session,
          SessionError.TOO_MANY_REQUESTS,
          "too many sessions from "
              + address
              + ": at most "
              + addressSessions.limit()
              + " per address (--max-sessions-per-address)");
      context.observer().onSessionRefused(session.peer());
      return null;
    }
    counted = true;
    return authorization;
  }

  private void refuse(MoqtSession session, SessionError error, String reason) {
    context.events().onLog("session from " + session.peer() + " refused: " + reason);
    session.close(error, reason);
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
    heard();
    route(message);
    idle.check();
  }

  private void route(ControlMessage message) {
    if (message instanceof PublishNamespace publish) {
      upstream.onPublishNamespace(publish);
    } else if (message instanceof PublishNamespaceDone done) {
      upstream.onPublishNamespaceDone(done);
    } else if (message instanceof Subscribe subscribe) {
      downstream.onSubscribe(subscribe);
    } else if (message instanceof SubscribeOk ok) {
      upstream.onSubscribeOk(ok);
    } else if (message instanceof SubscribeError error) {
      upstream.onSubscribeError(error);
    } else if (message instanceof PublishDone done) {
      upstream.onPublishDone(done);
    } else if (message instanceof Unsubscribe unsubscribe) {
      downstream.onUnsubscribe(unsubscribe);
    } else if (message instanceof UnsupportedControlMessage unsupported) {
      peer.log(
          peer.name()
              + ": ignoring unsupported message type 0x"
              + Long.toHexString(unsupported.type()));
    }
  }

  @Override
  public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
    heard();
    upstream.onSubgroupStarted(reader);
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    heard();
    upstream.onObject(reader, object);
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    heard();
    upstream.onSubgroupEnded(reader, reset, errorCode);
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    heard();
    upstream.onDatagram(datagram);
  }

  /**
   * Something arrived from the peer: it is not silent (see {@link UpstreamSide#silentMicros()}).
   */
  private void heard() {
    peer.heard(context.scheduler().nowMicros());
  }

  /** Stream credit concerns what the relay sends: the peer's subscriptions. */
  @Override
  public void onSubgroupCredit(MoqtSession session) {
    downstream.onStreamCredit();
  }

  /**
   * The session ended. Its subscriptions go first (freeing their queues, unsubscribing upstream
   * where they were the last), then what it published ends for its subscribers.
   */
  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    peer.onClosed();
    idle.stop();
    if (counted) {
      counted = false;
      addressSessions.release(address);
    }
    whenClosed.accept(this);
    // The session reports every close, including one before setup (the peer is then "?").
    context.observer().onSessionClosed(peer.name());
    peer.flushLog();
    // Before setup the peer has no name of its own yet: the session knows its address.
    if (close.protocolViolation() || (close.byPeer() && close.code() != 0)) {
      context.events().onLog("session " + session.peer() + " " + close.describe());
    } else {
      context.events().onLog("session " + session.peer() + " ended");
    }
    downstream.onClosed();
    upstream.onClosed();
  }
}
