package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import dev.moqbed.webtransport.qpack.QpackDecoderStreamReader;
import dev.moqbed.webtransport.qpack.QpackEncoderStreamReader;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * The peer's QPACK encoder or decoder stream (RFC 9204 §4.2): its instructions go to the matching
 * reader, which accepts the few that need no dynamic table. Like the control stream it is critical:
 * its end or reset closes the connection.
 */
final class QpackStreamHandler implements StreamHandler {
  private final String name;
  private final Consumer<ByteBuffer> reader;

  private QpackStreamHandler(String name, Consumer<ByteBuffer> reader) {
    this.name = name;
    this.reader = reader;
  }

  /** The peer's encoder stream. */
  static QpackStreamHandler encoder() {
    return new QpackStreamHandler("QPACK encoder", new QpackEncoderStreamReader()::append);
  }

  /** The peer's decoder stream. */
  static QpackStreamHandler decoder() {
    return new QpackStreamHandler("QPACK decoder", new QpackDecoderStreamReader()::append);
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    reader.accept(data);
    if (fin) {
      throw new Http3Exception(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM, name + " stream ended");
    }
  }

  @Override
  public void onReset(long errorCode) {
    throw new Http3Exception(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM, name + " stream reset");
  }
}
