package dev.moqbed.transport.qlog;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.PathView;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.quic.PacketLossListener;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.wire.TransportParameters;
import java.io.Writer;
import java.util.List;

/**
 * One end of a connection as a qlog trace, written as the connection runs: qlog 0.3 in JSON-SEQ as
 * draft-ietf-quic-qlog-main-schema-04 and draft-ietf-quic-qlog-quic-events-04 define it (the
 * revision pair whose {@code transport:} event names qvis reads; -05 renamed them {@code quic:}),
 * with moqbed's own events and two frame types as extensions its header declares ({@link
 * Extensions}). It observes from outside: the host shows it each datagram sent and received and
 * calls {@link #afterEvent} once the connection has processed one; it registers itself for losses.
 * It only reads the connection (getters and the controller's {@code describe}), so a run is the
 * same with or without it.
 *
 * <p>Events: {@code transport:packet_sent} and {@code transport:packet_received} (header, frames,
 * raw lengths), {@code recovery:packet_lost}, {@code recovery:metrics_updated} with the values that
 * changed, {@code recovery:congestion_state_updated} when the controller's state changes; {@code
 * moqbed:spurious_loss} (a packet declared lost and acknowledged after all), {@code
 * transport:parameters_set} and {@code moqbed:peer_parameters} once with the peer's transport
 * parameters and the controller's own variables as {@code moqbed:<controller>_state} whenever one
 * changes.
 *
 * <p>Times are relative to the trace's origin ({@link TraceTime}): the simulation's start with a
 * reference time of 0 (virtual time, so a seed gives the same bytes), or a live connection's start
 * with the wall clock at that start as the reference, so that both ends of a connection align.
 */
public final class ConnectionQlog implements PacketLossListener, AutoCloseable {
  /** The simulator's trace description. */
  public static final String VIRTUAL_TIME = "moqbed transport model, virtual time";

  private final QuicConnection connection;
  private final QlogSink out;
  private final long timeOriginMicros;
  private final JsonText json = new JsonText();
  private final RecoveryMetrics metrics = new RecoveryMetrics();
  private final ControllerStateLog controllerState;
  private long charactersWritten;
  private long events;
  private boolean peerParametersLogged;

  /**
   * The simulator's: virtual time, records written to {@code out}. Writes the header record and
   * starts observing {@code connection}'s losses.
   *
   * @param title names the trace (e.g. the file's name without its extension)
   * @param groupId shared by both ends' traces of one connection, so a viewer can pair them
   */
  public ConnectionQlog(QuicConnection connection, Writer out, String title, String groupId) {
    this(connection, QlogSink.of(out), title, groupId, VIRTUAL_TIME, TraceTime.VIRTUAL);
  }

  /**
   * As the simulator's, with records going to {@code out} and times counted as {@code time} says.
   *
   * @param description the header's description: which stack, which clock
   */
  public ConnectionQlog(
      QuicConnection connection,
      QlogSink out,
      String title,
      String groupId,
      String description,
      TraceTime time) {
    this.connection = connection;
    this.out = out;
    this.timeOriginMicros = time.originMicros();
    this.controllerState = new ControllerStateLog(connection.controller().id());
    TraceHeader.write(json, connection, controllerState, title, groupId, description, time);
    writeRecord();
    connection.setLossListener(this);
  }

  /** A datagram the connection just sent; its state is already updated for it. */
  public void onDatagramSent(long nowMicros, Datagram datagram) {
    packets(nowMicros, "transport:packet_sent", datagram);
    afterEvent(nowMicros);
  }

  /** A datagram that arrived, before the connection processes it. */
  public void onDatagramReceived(long nowMicros, Datagram datagram) {
    packets(nowMicros, "transport:packet_received", datagram);
  }

  private void packets(long nowMicros, String name, Datagram datagram) {
    List<QuicPacket> packets = QuicPackets.in(datagram);
    for (QuicPacket packet : packets) {
      beginEvent(nowMicros, name);
      QlogFrames.packet(json, packet);
      endEvent();
    }
  }

  /** {@code recovery:packet_lost}: the header and the trigger (the event has no size field). */
  @Override
  public void onPacketLost(
      long nowMicros, PacketSpace space, long packetNumber, int sizeBytes, Reason reason) {
    beginEvent(nowMicros, "recovery:packet_lost");
    QlogFrames.header(json, space, packetNumber);
    json.field("trigger", reason.name().toLowerCase(java.util.Locale.ROOT));
    endEvent();
  }

  /**
   * Not logged: picoquic's qlog has no {@code packet_lost} for an ACK-only packet dropped on the
   * retransmit timer, and the connection does not count it as lost.
   */
  @Override
  public void onNonElicitingDropped(
      long nowMicros, PacketSpace space, long packetNumber, int sizeBytes) {}

  /**
   * {@code moqbed:spurious_loss}: quic-events has no event for a packet declared lost and then
   * acknowledged, the event picoquic's NewReno and Cubic undo a window reduction on.
   */
  @Override
  public void onSpuriousLoss(long nowMicros, PacketSpace space, long packetNumber) {
    beginEvent(nowMicros, Extensions.SPURIOUS_LOSS);
    QlogFrames.header(json, space, packetNumber);
    endEvent();
  }

  /** The connection processed an event: the metrics and controller state that changed. */
  public void afterEvent(long nowMicros) {
    TransportParameters peer = connection.stats().peerParameters();
    if (!peerParametersLogged && peer != null) {
      peerParametersLogged = true;
      beginEvent(nowMicros, "transport:parameters_set");
      PeerParametersEvent.write(json, peer);
      endEvent();
      beginEvent(nowMicros, Extensions.PEER_PARAMETERS);
      PeerParametersEvent.writeExtension(json, peer);
      endEvent();
    }
    CongestionController controller = connection.controller();
    PathView path = connection.path();
    if (metrics.update(path, controller)) {
      beginEvent(nowMicros, "recovery:metrics_updated");
      metrics.writeChanged(json);
      endEvent();
    }
    String previousState = controllerState.state();
    if (controllerState.update(controller)) {
      if (!controllerState.state().equals(previousState)) {
        beginEvent(nowMicros, "recovery:congestion_state_updated");
        if (previousState != null) {
          json.field("old", previousState);
        }
        json.field("new", controllerState.state());
        endEvent();
      }
      beginEvent(nowMicros, controllerState.eventName());
      controllerState.write(json);
      endEvent();
    }
  }

  /** Events written so far, the header not counted. */
  public long events() {
    return events;
  }

  /** Characters written so far (the file is ASCII: bytes). */
  public long bytesWritten() {
    return charactersWritten;
  }

  /** Stops observing and closes the output. */
  @Override
  public void close() {
    connection.setLossListener(null);
    out.close();
  }

  private void beginEvent(long nowMicros, String name) {
    json.clear();
    json.beginObject().millisField("time", nowMicros - timeOriginMicros).field("name", name);
    json.name("data").beginObject();
  }

  private void endEvent() {
    json.endObject().endObject();
    writeRecord();
    events++;
  }

  private void writeRecord() {
    out.record(json.text());
    charactersWritten += json.text().length() + 2;
  }
}
