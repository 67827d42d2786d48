package dev.moqbed.transport.qlog;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.PathView;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.quic.PacketLossListener;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.Role;
import java.io.Writer;
import java.util.List;

/**
 * One end of a connection as a qlog trace (qlog 0.3, JSON-SEQ: the form qvis loads), written as the
 * connection runs. It observes from outside: the host shows it each datagram sent and received and
 * calls {@link #afterEvent} once the connection has processed one; it registers itself for losses.
 * It only reads the connection (getters and the controller's {@code describe}), so a run is the
 * same with or without it.
 *
 * <p>Events: {@code transport:packet_sent} and {@code transport:packet_received} (header, frames,
 * raw length), {@code recovery:packet_lost}, {@code moqbed:spurious_loss} (a packet declared lost
 * and acknowledged after all), {@code recovery:metrics_updated} with the values that changed,
 * {@code recovery:congestion_state_updated} when the controller's state changes, and the
 * controller's own variables as {@code moqbed:<controller>_state} whenever one changes.
 *
 * <p>Times are relative to a time origin (0 in the simulator, the connection's start on a real
 * clock), so that a trace always starts near zero whatever the host's clock reads.
 */
public final class ConnectionQlog implements PacketLossListener, AutoCloseable {
  /** The qlog version written: the last one qvis reads (0.4 it does not). */
  public static final String QLOG_VERSION = "0.3";

  /** The event of a spurious loss (the project's: qlog 0.3 has none). */
  public static final String SPURIOUS_LOSS = "moqbed:spurious_loss";

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

  /**
   * Writes the header record and starts observing {@code connection}'s losses.
   *
   * @param title names the trace (e.g. the file's name without its extension)
   * @param groupId shared by both ends' traces of one connection, so a viewer can pair them
   */
  public ConnectionQlog(QuicConnection connection, Writer out, String title, String groupId) {
    this(connection, QlogSink.of(out), title, groupId, VIRTUAL_TIME, 0);
  }

  /**
   * As the simulator's, with records going to {@code out} and event times counted from {@code
   * timeOriginMicros} on the connection's clock.
   *
   * @param description the header's description: which stack, which clock
   */
  public ConnectionQlog(
      QuicConnection connection,
      QlogSink out,
      String title,
      String groupId,
      String description,
      long timeOriginMicros) {
    this.connection = connection;
    this.out = out;
    this.timeOriginMicros = timeOriginMicros;
    this.controllerState = new ControllerStateLog(connection.controller().id());
    writeHeader(title, groupId, description);
    connection.setLossListener(this);
  }

  private void writeHeader(String title, String groupId, String description) {
    json.clear();
    json.beginObject()
        .field("qlog_version", QLOG_VERSION)
        .field("qlog_format", "JSON-SEQ")
        .field("title", title)
        .field("description", description);
    json.name("trace").beginObject().field("title", title);
    json.name("vantage_point")
        .beginObject()
        .field("name", "moqbed")
        .field("type", connection.role() == Role.SERVER ? "server" : "client")
        .endObject();
    json.name("common_fields")
        .beginObject()
        .field("group_id", groupId)
        .name("protocol_type")
        .beginArray()
        .value("QUIC")
        .endArray()
        .field("time_format", "relative")
        .field("reference_time", 0)
        .endObject();
    json.name("configuration").beginObject().field("time_offset", 0).endObject();
    json.endObject().endObject();
    writeRecord();
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
    @SuppressWarnings("unchecked")
    List<QuicPacket> packets = (List<QuicPacket>) datagram.payload();
    for (QuicPacket packet : packets) {
      beginEvent(nowMicros, name);
      QlogFrames.packet(json, packet);
      endEvent();
    }
  }

  @Override
  public void onPacketLost(
      long nowMicros, PacketSpace space, long packetNumber, int sizeBytes, Reason reason) {
    beginEvent(nowMicros, "recovery:packet_lost");
    QlogFrames.header(json, space, packetNumber);
    json.field("trigger", reason.name().toLowerCase(java.util.Locale.ROOT));
    json.name("raw").beginObject().field("length", sizeBytes).endObject();
    endEvent();
  }

  /**
   * {@code moqbed:spurious_loss}: qlog 0.3 has no event for a packet declared lost and then
   * acknowledged, the event picoquic's NewReno and Cubic undo a window reduction on.
   */
  @Override
  public void onSpuriousLoss(long nowMicros, PacketSpace space, long packetNumber) {
    beginEvent(nowMicros, SPURIOUS_LOSS);
    QlogFrames.header(json, space, packetNumber);
    endEvent();
  }

  /** The connection processed an event: the metrics and controller state that changed. */
  public void afterEvent(long nowMicros) {
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
