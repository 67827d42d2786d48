package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.BufferVarints;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import dev.moqbed.webtransport.http3.Http3Frame;
import dev.moqbed.webtransport.http3.Http3FrameReader;
import dev.moqbed.webtransport.http3.Http3FrameType;
import dev.moqbed.webtransport.http3.Http3Settings;
import java.nio.ByteBuffer;

/**
 * The peer's control stream (RFC 9114 §6.2.1): SETTINGS exactly once and first, then GOAWAY and the
 * push frames; never DATA or HEADERS. The stream lives as long as the connection, so its end or
 * reset is a connection error.
 */
final class ControlStreamReceiver implements StreamHandler {
  private final Http3Connection connection;
  private final Http3FrameReader reader;
  private boolean settingsReceived;

  ControlStreamReceiver(Http3Connection connection) {
    this.connection = connection;
    this.reader = new Http3FrameReader(connection.config().frameLimits());
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    reader.append(data);
    for (Http3Frame frame = reader.next(); frame != null; frame = reader.next()) {
      onFrame(frame);
    }
    if (fin) {
      throw new Http3Exception(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM, "control stream ended");
    }
  }

  @Override
  public void onReset(long errorCode) {
    throw new Http3Exception(Http3ErrorCode.H3_CLOSED_CRITICAL_STREAM, "control stream reset");
  }

  private void onFrame(Http3Frame frame) {
    long type = frame.type();
    if (!settingsReceived) {
      if (type != Http3FrameType.SETTINGS) {
        throw new Http3Exception(
            Http3ErrorCode.H3_MISSING_SETTINGS,
            "control stream began with frame 0x" + Long.toHexString(type));
      }
      settingsReceived = true;
      Http3Settings settings = Http3Settings.decode(frame.payload());
      WebTransportSettings.checkPeer(settings);
      connection.onPeerSettings(settings);
      return;
    }
    if (type == Http3FrameType.GOAWAY) {
      connection.onGoaway(
          BufferVarints.read(
              ByteBuffer.wrap(frame.payload()), Http3ErrorCode.H3_FRAME_ERROR, "GOAWAY id"));
    } else if (type == Http3FrameType.MAX_PUSH_ID && connection.isServer()) {
      // A client allowing pushes; this server never pushes.
    } else if (type != Http3FrameType.CANCEL_PUSH) {
      // A second SETTINGS, DATA, HEADERS, PUSH_PROMISE, or MAX_PUSH_ID sent to a client.
      throw new Http3Exception(
          Http3ErrorCode.H3_FRAME_UNEXPECTED,
          "frame 0x" + Long.toHexString(type) + " on the control stream");
    }
  }
}
