package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.hexOf;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Writes every frame it receives as one line of text, so tests compare whole packets at once. */
class RecordingFrameHandler implements FrameHandler {
  final List<String> events = new ArrayList<>();

  @Override
  public void onPadding(int length) {
    events.add("PADDING " + length);
  }

  @Override
  public void onPing() {
    events.add("PING");
  }

  @Override
  public void onAck(AckFrameContent ack) {
    events.add(ack.toString());
  }

  @Override
  public void onResetStream(long streamId, long applicationErrorCode, long finalSize) {
    events.add(
        "RESET_STREAM " + streamId + " error=" + applicationErrorCode + " final=" + finalSize);
  }

  @Override
  public void onStopSending(long streamId, long applicationErrorCode) {
    events.add("STOP_SENDING " + streamId + " error=" + applicationErrorCode);
  }

  @Override
  public void onCrypto(long streamOffset, ByteBuffer buffer, int dataOffset, int length) {
    events.add("CRYPTO offset=" + streamOffset + " data=" + hexOf(buffer, dataOffset, length));
  }

  @Override
  public void onNewToken(ByteBuffer buffer, int tokenOffset, int length) {
    events.add("NEW_TOKEN " + hexOf(buffer, tokenOffset, length));
  }

  @Override
  public void onStream(
      long streamId, long streamOffset, ByteBuffer buffer, int dataOffset, int length, boolean fin)
      throws QuicWireException {
    events.add(
        "STREAM "
            + streamId
            + " offset="
            + streamOffset
            + " fin="
            + fin
            + " data="
            + hexOf(buffer, dataOffset, length));
  }

  @Override
  public void onMaxData(long maximumData) {
    events.add("MAX_DATA " + maximumData);
  }

  @Override
  public void onMaxStreamData(long streamId, long maximumStreamData) {
    events.add("MAX_STREAM_DATA " + streamId + " " + maximumStreamData);
  }

  @Override
  public void onMaxStreams(boolean bidirectional, long maximumStreams) {
    events.add("MAX_STREAMS " + (bidirectional ? "bidi " : "uni ") + maximumStreams);
  }

  @Override
  public void onDataBlocked(long maximumData) {
    events.add("DATA_BLOCKED " + maximumData);
  }

  @Override
  public void onStreamDataBlocked(long streamId, long maximumStreamData) {
    events.add("STREAM_DATA_BLOCKED " + streamId + " " + maximumStreamData);
  }

  @Override
  public void onStreamsBlocked(boolean bidirectional, long maximumStreams) {
    events.add("STREAMS_BLOCKED " + (bidirectional ? "bidi " : "uni ") + maximumStreams);
  }

  @Override
  public void onNewConnectionId(
      long sequenceNumber,
      long retirePriorTo,
      ByteBuffer buffer,
      int cidOffset,
      int cidLength,
      int resetTokenOffset) {
    events.add(
        "NEW_CONNECTION_ID "
            + sequenceNumber
            + " retire<"
            + retirePriorTo
            + " cid="
            + hexOf(buffer, cidOffset, cidLength)
            + " token="
            + hexOf(buffer, resetTokenOffset, StatelessResetToken.LENGTH));
  }

  @Override
  public void onRetireConnectionId(long sequenceNumber) {
    events.add("RETIRE_CONNECTION_ID " + sequenceNumber);
  }

  @Override
  public void onPathChallenge(long data) {
    events.add("PATH_CHALLENGE " + Long.toHexString(data));
  }

  @Override
  public void onPathResponse(long data) {
    events.add("PATH_RESPONSE " + Long.toHexString(data));
  }

  @Override
  public void onTransportClose(
      long errorCode, long frameType, ByteBuffer buffer, int reasonOffset, int reasonLength) {
    events.add(
        "CONNECTION_CLOSE "
            + TransportErrorCode.describe(errorCode)
            + " frame=0x"
            + Long.toHexString(frameType)
            + " reason="
            + hexOf(buffer, reasonOffset, reasonLength));
  }

  @Override
  public void onApplicationClose(
      long errorCode, ByteBuffer buffer, int reasonOffset, int reasonLength) {
    events.add(
        "APPLICATION_CLOSE " + errorCode + " reason=" + hexOf(buffer, reasonOffset, reasonLength));
  }

  @Override
  public void onHandshakeDone() {
    events.add("HANDSHAKE_DONE");
  }

  @Override
  public void onDatagram(ByteBuffer buffer, int dataOffset, int length) {
    events.add("DATAGRAM " + hexOf(buffer, dataOffset, length));
  }

  @Override
  public void onAckFrequency(
      long sequenceNumber,
      long ackElicitingThreshold,
      long requestMaxAckDelayMicros,
      long reorderingThreshold) {
    events.add(
        "ACK_FREQUENCY "
            + sequenceNumber
            + " threshold="
            + ackElicitingThreshold
            + " delay="
            + requestMaxAckDelayMicros
            + "us reordering="
            + reorderingThreshold);
  }

  @Override
  public void onImmediateAck() {
    events.add("IMMEDIATE_ACK");
  }
}
