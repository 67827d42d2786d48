package dev.moqbed.live.stack;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.QuicheController;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.quic.StreamRepeatOrder;
import dev.moqbed.transport.udp.UdpEndpoint;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import dev.moqbed.webtransport.session.WebTransportConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * The QUIC stack a live endpoint runs on and the congestion controller of what it sends, parsed in
 * one place for every live command: {@code --transport quiche} takes quiche's controllers ({@code
 * quiche:cubic}, {@code quiche:bbr}, {@code quiche:reno}); {@code --transport moqbed} takes the
 * project's, with the options of the simulation commands ({@code c4}, {@code c4:variant=v4}, {@code
 * bbr:flavor=draft}, {@code cubic:flavor=rfc}, {@code newreno}). Any other pairing is refused with
 * one line that says which transport the controller needs.
 */
public final class LiveStack {
  /** How long {@code connect} waits for the handshake, as {@code QuicClient} does. */
  static final long CONNECT_TIMEOUT_MICROS = 10_000_000;

  /** The largest DATAGRAM frame a live endpoint accepts: picoquic's client value. */
  static final int LIVE_DATAGRAM_FRAME_BYTES = 1532;

  /** The summary's note when quiche writes qlog files of its own. */
  static final String QUICHE_QLOG_NOTE =
      "quiche wrote its own files beside them (<trace id>-<channel id>.qlog, quiche's qlog schema)";

  private final LiveTransport transport;
  private final String controller;
  private final QuicSettings quicheSettings;
  private final ControllerFactory controllers;
  private final QlogFiles qlog;
  private final String qlogLabel;
  private final String qlogPrefix;
  private final String webTransportPath;
  // Where a server endpoint registers its sockets, for a benchmark's counts; null: nowhere.
  private final ServerDatagrams datagrams;

  private LiveStack(
      LiveTransport transport,
      String controller,
      QuicSettings quicheSettings,
      ControllerFactory controllers) {
    this(transport, controller, quicheSettings, controllers, null, null, "", null, null);
  }

  private LiveStack(
      LiveTransport transport,
      String controller,
      QuicSettings quicheSettings,
      ControllerFactory controllers,
      QlogFiles qlog,
      String qlogLabel,
      String qlogPrefix,
      String webTransportPath,
      ServerDatagrams datagrams) {
    this.transport = transport;
    this.controller = controller;
    this.quicheSettings = quicheSettings;
    this.controllers = controllers;
    this.qlog = qlog;
    this.qlogLabel = qlogLabel;
    this.qlogPrefix = qlogPrefix;
    this.webTransportPath = webTransportPath;
    this.datagrams = datagrams;
  }

  /** quiche's Cubic: what every live command ran before the project's stack. */
  public static LiveStack quicheDefault() {
    return new LiveStack(LiveTransport.QUICHE, "quiche:cubic", QuicSettings.DEFAULT, null);
  }

  /**
   * The stack {@code transport} with controller {@code controllerText}.
   *
   * @throws IllegalArgumentException when the controller is unknown or belongs to the other stack
   */
  public static LiveStack of(LiveTransport transport, String controllerText) {
    String text = controllerText.trim();
    boolean quiches = LiveTransport.ofController(text) == LiveTransport.QUICHE;
    if (transport == LiveTransport.QUICHE) {
      if (!quiches) {
        ControllerRegistry.standard().parse(text); // an unknown name says so, with the valid ones
        throw new IllegalArgumentException(
            "controller '"
                + text
                + "' is the project's own: run it live with --transport moqbed; quiche offers "
                + QuicheController.IDS);
      }
      QuicheController quiche = QuicheController.parse(text);
      return new LiveStack(
          transport, quiche.id(), QuicSettings.DEFAULT.withController(quiche), null);
    }
    if (quiches) {
      throw new IllegalArgumentException(
          "controller '"
              + text
              + "' is quiche's: use --transport quiche, or one of moqbed's: "
              + String.join(", ", ControllerRegistry.standard().ids()));
    }
    ControllerFactory factory = ControllerRegistry.standard().parse(text);
    return new LiveStack(transport, factory.spec(), QuicSettings.DEFAULT, factory);
  }

  /** The same stack whose connections close after this long without a packet from the peer. */
  public LiveStack withIdleTimeout(long micros) {
    QuicSettings settings = quicheSettings.withIdleTimeout(micros);
    return new LiveStack(
        transport,
        controller,
        settings,
        controllers,
        qlog,
        qlogLabel,
        qlogPrefix,
        webTransportPath,
        datagrams);
  }

  /**
   * The same stack writing a qlog file per connection into {@code files}, named after {@code label}
   * (the role: {@code relay}, {@code publisher}, {@code subscriber}). On quiche's stack, quiche
   * writes its own files there (Netty's QLOG option: quiche's names and qlog schema).
   */
  public LiveStack withQlog(QlogFiles files, String label) {
    if (transport == LiveTransport.QUICHE) {
      files.noteOtherWriter(QUICHE_QLOG_NOTE);
      return new LiveStack(
          transport,
          controller,
          quicheSettings.withQlogDirectory(files.directory().toString()),
          controllers,
          null,
          null,
          "",
          webTransportPath,
          datagrams);
    }
    return new LiveStack(
        transport,
        controller,
        quicheSettings,
        controllers,
        files,
        qlogPrefix + label,
        qlogPrefix,
        webTransportPath,
        datagrams);
  }

  /**
   * The same stack, its qlog files (if any) named after {@code label} instead, after the prefix of
   * {@link #withQlogPrefix}.
   */
  public LiveStack forRole(String label) {
    return qlog == null
        ? this
        : new LiveStack(
            transport,
            controller,
            quicheSettings,
            controllers,
            qlog,
            qlogPrefix + label,
            qlogPrefix,
            webTransportPath,
            datagrams);
  }

  /**
   * The same stack with {@code prefix} before every qlog label it and {@link #forRole} give ({@code
   * c4-run0-}: one live scenario run's files among many in one directory).
   */
  public LiveStack withQlogPrefix(String prefix) {
    return new LiveStack(
        transport,
        controller,
        quicheSettings,
        controllers,
        qlog,
        qlogLabel == null ? null : prefix + qlogLabel,
        qlogPrefix + prefix,
        webTransportPath,
        datagrams);
  }

  private PacketTaps taps() {
    return qlog == null ? PacketTaps.NONE : qlog.taps(qlogLabel);
  }

  /**
   * The stack a relay listens with: on quiche, windows sized to the media peers send a relay
   * instead of a client's ({@link QuicSettings#withRelayWindows()}), because they also bound what
   * quiche holds for a peer that fragments its stream data. The project's stack has a piece budget
   * of its own and is unchanged.
   */
  public LiveStack forRelay() {
    return withQuicheSettings(quicheSettings.withRelayWindows());
  }

  /** The same stack with the quiche settings {@code change} makes (tests: few streams). */
  public LiveStack withQuicheSettings(QuicSettings settings) {
    return new LiveStack(
        transport,
        controller,
        settings,
        controllers,
        qlog,
        qlogLabel,
        qlogPrefix,
        webTransportPath,
        datagrams);
  }

  /**
   * The same stack speaking MoQT over WebTransport on {@code path} ({@code /moq}): a client
   * connects with ALPN {@code h3} and opens a WebTransport session there; a server accepts those
   * sessions beside raw QUIC on the same port. Null turns it off. Only on the project's stack.
   *
   * @throws IllegalArgumentException on quiche's stack, or for a path that does not start with '/'
   */
  public LiveStack withWebTransport(String path) {
    if (path != null && transport == LiveTransport.QUICHE) {
      throw new IllegalArgumentException(
          "WebTransport runs on the project's QUIC stack only: use --transport moqbed");
    }
    if (path != null && !path.startsWith("/")) {
      throw new IllegalArgumentException("a WebTransport path starts with '/': " + path);
    }
    return new LiveStack(
        transport,
        controller,
        quicheSettings,
        controllers,
        qlog,
        qlogLabel,
        qlogPrefix,
        path,
        datagrams);
  }

  /**
   * The same stack whose server endpoints register their sockets with {@code counts} when they
   * listen, so a benchmark can read what the server received and sent over a window. The project's
   * stack only; quiche's server registers nothing (its counts stay unknown).
   */
  public LiveStack withServerDatagrams(ServerDatagrams counts) {
    return new LiveStack(
        transport,
        controller,
        quicheSettings,
        controllers,
        qlog,
        qlogLabel,
        qlogPrefix,
        webTransportPath,
        counts);
  }

  /** The WebTransport path (client: where it connects; server: what it accepts), or null. */
  public String webTransportPath() {
    return webTransportPath;
  }

  public LiveTransport transport() {
    return transport;
  }

  /** The controller, canonical: {@code quiche:cubic}, {@code c4}, {@code cubic:flavor=rfc}... */
  public String controller() {
    return controller;
  }

  /** The quiche settings (for the quiche stack; on moqbed's, only the idle timeout counts). */
  public QuicSettings quicheSettings() {
    return quicheSettings;
  }

  /** For banners: "c4 on moqbed's QUIC stack". */
  public String describe() {
    return controller + " on " + transport.description();
  }

  /** For banners: the socket layer this stack's endpoints use ("epoll+GSO", "epoll", "NIO"). */
  public String socketLayer() {
    return transport == LiveTransport.QUICHE ? QuicServer.socketLayer() : UdpEndpoint.socketLayer();
  }

  /**
   * Connects to a relay and runs {@code onConnected} on the connection's loop once the handshake is
   * done, before returning.
   *
   * @param loop a shared loop to run on, or null for a loop of the client's own
   * @throws IOException when the handshake fails or times out
   */
  public ClientEndpoint connect(
      InetSocketAddress remote,
      String serverName,
      ClientTrust trust,
      String alpn,
      Consumer<LiveConnection> onConnected,
      EventLoopScheduler loop)
      throws IOException {
    if (transport == LiveTransport.QUICHE) {
      return NettyEndpoints.connect(
          remote, serverName, quicheSettings, trust, alpn, onConnected, loop);
    }
    return MoqbedClientEndpoint.connect(
        remote,
        serverName,
        config(Role.CLIENT),
        controllers,
        trust,
        alpn,
        onConnected,
        loop,
        CONNECT_TIMEOUT_MICROS,
        taps(),
        webTransportPath);
  }

  /**
   * A UDP socket on {@code loop} for several clients of the project's stack to one relay (see
   * {@link SharedClientSocket}): raw QUIC only, as {@link #connectVia} opens.
   *
   * @throws IllegalStateException on the quiche stack or with a WebTransport path
   * @throws IOException if no socket can be bound
   */
  public SharedClientSocket clientSocket(
      String serverName, ClientTrust trust, String alpn, EventLoopScheduler loop)
      throws IOException {
    if (transport == LiveTransport.QUICHE || webTransportPath != null) {
      throw new IllegalStateException("shared client sockets are for raw QUIC on moqbed's stack");
    }
    return SharedClientSocket.bind(loop, serverName, trust, alpn);
  }

  /**
   * As {@link #connect}, on {@code socket} with the clients already there, on its loop; the name,
   * trust and protocol are the socket's.
   */
  public ClientEndpoint connectVia(
      SharedClientSocket socket, InetSocketAddress remote, Consumer<LiveConnection> onConnected)
      throws IOException {
    return MoqbedClientEndpoint.connectVia(
        socket,
        remote,
        config(Role.CLIENT),
        controllers,
        onConnected,
        CONNECT_TIMEOUT_MICROS,
        taps());
  }

  /** Listens on {@code address}; {@code onConnection} runs on the loop for each new connection. */
  public ServerEndpoint listen(
      InetSocketAddress address,
      ServerCertificate certificate,
      String alpn,
      Consumer<LiveConnection> onConnection)
      throws IOException {
    return listen(address, certificate, alpn, ServerAdmission.DEFAULT, onConnection);
  }

  /**
   * Listens with the given admission: on the project's stack, when its server answers Initials with
   * a Retry first (RFC 9000 §8.1.2) and how many handshakes a second it starts. quiche's server, as
   * Netty configures it here, sends a Retry to every client whatever {@code admission} says.
   */
  public ServerEndpoint listen(
      InetSocketAddress address,
      ServerCertificate certificate,
      String alpn,
      ServerAdmission admission,
      Consumer<LiveConnection> onConnection)
      throws IOException {
    return listen(address, certificate, alpn, admission, 1, onConnection);
  }

  /**
   * As {@link #listen(InetSocketAddress, ServerCertificate, String, ServerAdmission, Consumer)} on
   * {@code loops} event loops, each with its own socket on the port ({@link ServerEndpoint#loops}).
   * Only the project's stack has more than one.
   *
   * @throws IllegalArgumentException for several loops on quiche
   */
  public ServerEndpoint listen(
      InetSocketAddress address,
      ServerCertificate certificate,
      String alpn,
      ServerAdmission admission,
      int loops,
      Consumer<LiveConnection> onConnection)
      throws IOException {
    if (loops < 1) {
      throw new IllegalArgumentException("--loops " + loops + ": expected at least 1");
    }
    if (transport == LiveTransport.QUICHE) {
      if (loops > 1) {
        throw new IllegalArgumentException(
            "--loops "
                + loops
                + " needs the project's stack (--transport moqbed); quiche runs one");
      }
      return NettyEndpoints.listen(address, quicheSettings, certificate, alpn, onConnection);
    }
    MoqbedServerEndpoint server =
        MoqbedServerEndpoint.start(
            address,
            config(Role.SERVER),
            controllers,
            certificate,
            alpn,
            onConnection,
            taps(),
            admission.limits(),
            webTransportPath == null
                ? null
                : WebTransportConfig.builder().path(webTransportPath).build(),
            loops);
    if (datagrams != null) {
      datagrams.watch(server.udpEndpoints());
    }
    return server;
  }

  /**
   * picoquic's defaults, as in the simulator, with this stack's idle timeout; both ends accept
   * DATAGRAM frames (picoquic_ns's server announces none, but a relay must take the publisher's
   * audio), as large as picoquic's client announces. Lost stream data goes out again by priority:
   * picoquic's order as it runs lets a lost low-priority packet hold back the repair of an urgent
   * stream, and the relay's priorities are what a live subscriber relies on.
   */
  private ConnectionConfig config(Role role) {
    return ConnectionConfig.builder(role)
        .idleTimeoutMicros(quicheSettings.idleTimeoutMicros())
        .maxDatagramFrameSizeBytes(LIVE_DATAGRAM_FRAME_BYTES)
        .streamRepeatOrder(StreamRepeatOrder.PRIORITY)
        .build();
  }

  static String peerName(InetSocketAddress address) {
    return address.getAddress().getHostAddress() + ":" + address.getPort();
  }
}
