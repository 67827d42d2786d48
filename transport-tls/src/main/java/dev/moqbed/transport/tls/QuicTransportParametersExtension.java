package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.TransportParameterCodec;
import dev.moqbed.transport.wire.TransportParameters;
import java.nio.ByteBuffer;
import tech.kwik.agent15.alert.DecodeErrorException;
import tech.kwik.agent15.extension.Extension;
import tech.kwik.agent15.extension.ExtensionParser;

/**
 * The quic_transport_parameters TLS extension (RFC 9001 §8.2, codepoint 0x39), in ClientHello and
 * EncryptedExtensions: {@code TransportParameterCodec}'s encoding as the extension body.
 *
 * <p>An outgoing one is built from our parameters; an incoming one keeps the raw body, because
 * agent15 parses extensions before anything knows whether the message is acceptable, and the
 * codec's errors must come out as TRANSPORT_PARAMETER_ERROR rather than a TLS alert: the session
 * decodes it with {@link #decode} when it processes the message.
 */
final class QuicTransportParametersExtension extends Extension {
  /** The QUIC v1 codepoint (RFC 9001 §8.2); drafts used 0xffa5. */
  static final int CODEPOINT = 0x39;

  private static final int HEADER_BYTES = 4;

  private final byte[] body;

  private QuicTransportParametersExtension(byte[] body) {
    this.body = body;
  }

  /** The extension carrying {@code parameters}, validated as sent by this side. */
  static QuicTransportParametersExtension of(TransportParameters parameters, boolean sentByServer) {
    ByteBuffer encoded = ByteBuffer.allocate(TransportParameterCodec.encodedSize(parameters));
    TransportParameterCodec.encode(encoded, parameters, sentByServer);
    if (encoded.capacity() > 0xffff) {
      throw new IllegalArgumentException("transport parameters above 65535 bytes");
    }
    return new QuicTransportParametersExtension(encoded.array());
  }

  /**
   * agent15's hook for extensions it does not know: claims 0x39 and leaves others to agent15 (which
   * keeps them as unknown extensions, as RFC 8446 §4.2 asks).
   */
  static ExtensionParser parser() {
    return (buffer, context) -> {
      int type = buffer.getShort(buffer.position()) & 0xffff;
      return type == CODEPOINT ? parse(buffer) : null;
    };
  }

  private static QuicTransportParametersExtension parse(ByteBuffer buffer)
      throws DecodeErrorException {
    if (buffer.remaining() < HEADER_BYTES) {
      throw new DecodeErrorException("quic_transport_parameters header truncated");
    }
    buffer.getShort();
    int length = buffer.getShort() & 0xffff;
    if (buffer.remaining() < length) {
      throw new DecodeErrorException("quic_transport_parameters truncated");
    }
    byte[] body = new byte[length];
    buffer.get(body);
    return new QuicTransportParametersExtension(body);
  }

  /** Decodes and validates the peer's parameters. */
  TransportParameters decode(boolean sentByServer) throws TransportParameterFailure {
    try {
      return TransportParameterCodec.decode(ByteBuffer.wrap(body), 0, body.length, sentByServer);
    } catch (QuicWireException e) {
      throw new TransportParameterFailure(e);
    }
  }

  @Override
  public byte[] getBytes() {
    ByteBuffer out = ByteBuffer.allocate(HEADER_BYTES + body.length);
    out.putShort((short) CODEPOINT);
    out.putShort((short) body.length);
    out.put(body);
    return out.array();
  }

  @Override
  public String toString() {
    return "quic_transport_parameters[" + body.length + " bytes]";
  }
}
