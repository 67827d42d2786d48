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

  /**
   * @param toUpstreamRelay true for a connection the relay opened to another relay (named so in the
   *     log)
   * @param whenClosed told once the session has closed, before the sides clean up
   */
  RelayConnection(
      RelayContext context,
      Origin origin,
      boolean toUpstreamRelay,
      Consumer<RelayConnection> whenClosed) {
    this.context = context;
    this.peer = new Peer(context);
    this.upstream =
        new UpstreamSide(
            peer,
            context,
            origin,
            toUpstreamRelay ? context.config().upstreamToken().parameters() : KeyValuePairs.NONE);
    this.downstream = new DownstreamSide(peer, context, origin);
    this.toUpstreamRelay = toUpstreamRelay;
    this.whenClosed = whenClosed;
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
   * Setup done. A CLIENT_SETUP token that a relay with a key does not accept ends the session at
   * once (UNAUTHORIZED, MALFORMED_AUTH_TOKEN or EXPIRED_AUTH_TOKEN), before it can ask for
   * anything; a valid one serves the session's requests that carry no token of their own.
   */
  @Override
  public void onReady(MoqtSession session) {
    SetupAuthorization authorization =
        toUpstreamRelay
            ? SetupAuthorization.NONE
            : context.authorizer().checkSetup(session.peerSetupParameters());
    if (authorization.refused()) {
      String reason = "unauthorized: CLIENT_SETUP token " + authorization.refusal().label();
      context.events().onLog("session from " + session.peer() + " refused: " + reason);
      context.observer().onUnauthorized("client_setup", authorization.refusal());
      session.close(authorization.refusal().sessionError(), reason);
      return;
    }
    peer.onReady(session, authorization.grant());
    context
        .events()
        .onLog((toUpstreamRelay ? "upstream relay " : "session from ") + session.peer() + " ready");
    context.observer().onSessionOpened(session.peer());
  }

  @Override
  public void onControlMessage(MoqtSession session, ControlMessage message) {
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
    upstream.onSubgroupStarted(reader);
  }

  @Override
  public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
    upstream.onObject(reader, object);
  }

  @Override
  public void onSubgroupEnded(
      MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
    upstream.onSubgroupEnded(reader, reset, errorCode);
  }

  @Override
  public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
    upstream.onDatagram(datagram);
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
