package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.Draft14Fields.forbidden;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GoAway;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceCancel;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.RequestsBlocked;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SetupParameter;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireReader;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Draft-14 control messages (§9): {@code Type (i), Length (16), Payload}. Knows each message's
 * field layout; the framing and limits are applied here too so the whole-frame and the streaming
 * paths share one implementation.
 */
final class Draft14ControlCodec {
  /** Largest version number: versions are 32-bit values carried in a varint (§9.3.1). */
  private static final long MAX_VERSION = 0xFFFF_FFFFL;

  private final MoqtLimits limits;

  Draft14ControlCodec(MoqtLimits limits) {
    this.limits = limits;
  }

  // ---- framing

  void encode(ControlMessage message, WireWriter out) {
    Draft14MessageType type = typeOf(message);
    out.writeVarint(type.code());
    int lengthIndex = out.size();
    out.writeUint16(0);
    int payloadStart = out.size();
    writePayload(message, out);
    int payloadLength = out.size() - payloadStart;
    if (payloadLength > 0xFFFF) {
      throw new IllegalArgumentException(
          type + " payload of " + payloadLength + " bytes does not fit the 16-bit length");
    }
    out.patchUint16(lengthIndex, payloadLength);
  }

  /** Checks a frame's type as soon as it is known, before its length or payload is read. */
  static Draft14MessageType checkType(long code) {
    Draft14MessageType type = Draft14MessageType.fromCode(code);
    if (type == null) {
      throw MoqtProtocolException.violation(
          Problem.UNKNOWN_TYPE, "control message type 0x" + Long.toHexString(code));
    }
    return type;
  }

  /** Checks a frame's payload length against the limit before the payload is buffered. */
  void checkLength(Draft14MessageType type, int length) {
    if (length > limits.maxControlMessageBytes()) {
      throw MoqtProtocolException.violation(
          Problem.TOO_LARGE,
          type + ": length " + length + " exceeds the limit " + limits.maxControlMessageBytes());
    }
  }

  ControlMessage decode(ByteBuffer frame) {
    WireReader header = new WireReader(frame, QuicVarint.INSTANCE, "control message");
    Draft14MessageType type = checkType(header.readVarint("Message Type"));
    int length = new WireReader(frame, QuicVarint.INSTANCE, type.name()).readUint16("Length");
    checkLength(type, length);
    if (frame.remaining() < length) {
      throw MoqtProtocolException.violation(
          Problem.TRUNCATED,
          type + ": payload needs " + length + " bytes, " + frame.remaining() + " left");
    }
    ByteBuffer payload = frame.slice();
    payload.limit(length);
    frame.position(frame.position() + length);
    WireReader in = new WireReader(payload, QuicVarint.INSTANCE, type.name());
    ControlMessage message = readPayload(type, in);
    // The length must match the fields exactly (§9): extra bytes are a violation too.
    in.expectEnd();
    return message;
  }

  // ---- payloads

  private static Draft14MessageType typeOf(ControlMessage message) {
    if (message instanceof ClientSetup) {
      return Draft14MessageType.CLIENT_SETUP;
    } else if (message instanceof ServerSetup) {
      return Draft14MessageType.SERVER_SETUP;
    } else if (message instanceof GoAway) {
      return Draft14MessageType.GOAWAY;
    } else if (message instanceof MaxRequestId) {
      return Draft14MessageType.MAX_REQUEST_ID;
    } else if (message instanceof RequestsBlocked) {
      return Draft14MessageType.REQUESTS_BLOCKED;
    } else if (message instanceof Subscribe) {
      return Draft14MessageType.SUBSCRIBE;
    } else if (message instanceof SubscribeOk) {
      return Draft14MessageType.SUBSCRIBE_OK;
    } else if (message instanceof SubscribeError) {
      return Draft14MessageType.SUBSCRIBE_ERROR;
    } else if (message instanceof Unsubscribe) {
      return Draft14MessageType.UNSUBSCRIBE;
    } else if (message instanceof PublishDone) {
      return Draft14MessageType.PUBLISH_DONE;
    } else if (message instanceof PublishNamespace) {
      return Draft14MessageType.PUBLISH_NAMESPACE;
    } else if (message instanceof PublishNamespaceOk) {
      return Draft14MessageType.PUBLISH_NAMESPACE_OK;
    } else if (message instanceof PublishNamespaceError) {
      return Draft14MessageType.PUBLISH_NAMESPACE_ERROR;
    } else if (message instanceof PublishNamespaceDone) {
      return Draft14MessageType.PUBLISH_NAMESPACE_DONE;
    } else if (message instanceof PublishNamespaceCancel) {
      return Draft14MessageType.PUBLISH_NAMESPACE_CANCEL;
    }
    UnsupportedControlMessage raw = (UnsupportedControlMessage) message;
    Draft14MessageType type = Draft14MessageType.fromCode(raw.type());
    if (type == null || type.isParsed()) {
      throw new IllegalArgumentException(
          "0x" + Long.toHexString(raw.type()) + " is not a draft-14 message passed through raw");
    }
    return type;
  }

  private static void writePayload(ControlMessage message, WireWriter out) {
    if (message instanceof ClientSetup) {
      ClientSetup m = (ClientSetup) message;
      out.writeVarint(m.supportedVersions().size());
      for (long version : m.supportedVersions()) {
        out.writeVarint(version);
      }
      Draft14Fields.writeParameters(out, m.parameters());
    } else if (message instanceof ServerSetup) {
      ServerSetup m = (ServerSetup) message;
      out.writeVarint(m.selectedVersion());
      Draft14Fields.writeParameters(out, m.parameters());
    } else if (message instanceof GoAway) {
      byte[] uri = ((GoAway) message).newSessionUri().getBytes(StandardCharsets.UTF_8);
      if (uri.length > GoAway.MAX_URI_BYTES) {
        throw new IllegalArgumentException("GOAWAY URI of " + uri.length + " bytes");
      }
      out.writeVarint(uri.length).writeBytes(uri);
    } else if (message instanceof MaxRequestId) {
      out.writeVarint(((MaxRequestId) message).requestId());
    } else if (message instanceof RequestsBlocked) {
      out.writeVarint(((RequestsBlocked) message).maximumRequestId());
    } else if (message instanceof Subscribe) {
      writeSubscribe((Subscribe) message, out);
    } else if (message instanceof SubscribeOk) {
      writeSubscribeOk((SubscribeOk) message, out);
    } else if (message instanceof SubscribeError) {
      SubscribeError m = (SubscribeError) message;
      out.writeVarint(m.requestId()).writeVarint(m.errorCode());
      Draft14Fields.writeReason(out, m.reason());
    } else if (message instanceof Unsubscribe) {
      out.writeVarint(((Unsubscribe) message).requestId());
    } else if (message instanceof PublishDone) {
      PublishDone m = (PublishDone) message;
      out.writeVarint(m.requestId()).writeVarint(m.statusCode()).writeVarint(m.streamCount());
      Draft14Fields.writeReason(out, m.reason());
    } else if (message instanceof PublishNamespace) {
      PublishNamespace m = (PublishNamespace) message;
      out.writeVarint(m.requestId());
      Draft14Fields.writeNamespace(out, m.namespace());
      Draft14Fields.writeParameters(out, m.parameters());
    } else if (message instanceof PublishNamespaceOk) {
      out.writeVarint(((PublishNamespaceOk) message).requestId());
    } else if (message instanceof PublishNamespaceError) {
      PublishNamespaceError m = (PublishNamespaceError) message;
      out.writeVarint(m.requestId()).writeVarint(m.errorCode());
      Draft14Fields.writeReason(out, m.reason());
    } else if (message instanceof PublishNamespaceDone) {
      Draft14Fields.writeNamespace(out, ((PublishNamespaceDone) message).namespace());
    } else if (message instanceof PublishNamespaceCancel) {
      PublishNamespaceCancel m = (PublishNamespaceCancel) message;
      Draft14Fields.writeNamespace(out, m.namespace());
      out.writeVarint(m.errorCode());
      Draft14Fields.writeReason(out, m.reason());
    } else {
      ((UnsupportedControlMessage) message).payload().writeTo(out);
    }
  }

  private static void writeSubscribe(Subscribe m, WireWriter out) {
    Draft14Fields.checkFullTrackName(m.namespace(), m.trackName());
    out.writeVarint(m.requestId());
    Draft14Fields.writeNamespace(out, m.namespace());
    Draft14Fields.writeByteString(out, m.trackName());
    out.writeUint8(m.subscriberPriority())
        .writeUint8(m.groupOrder().code())
        .writeUint8(m.forward() ? 1 : 0);
    SubscribeFilter filter = m.filter();
    out.writeVarint(filter.type().code());
    if (filter.start() != null) {
      Draft14Fields.writeLocation(out, filter.start());
    }
    if (filter.type() == SubscribeFilter.Type.ABSOLUTE_RANGE) {
      out.writeVarint(filter.endGroup());
    }
    Draft14Fields.writeParameters(out, m.parameters());
  }

  private static void writeSubscribeOk(SubscribeOk m, WireWriter out) {
    out.writeVarint(m.requestId()).writeVarint(m.trackAlias()).writeVarint(m.expiresMillis());
    out.writeUint8(m.groupOrder().code()).writeUint8(m.contentExists() ? 1 : 0);
    if (m.contentExists()) {
      Draft14Fields.writeLocation(out, m.largestLocation());
    }
    Draft14Fields.writeParameters(out, m.parameters());
  }

  private static ControlMessage readPayload(Draft14MessageType type, WireReader in) {
    switch (type) {
      case CLIENT_SETUP:
        return readClientSetup(in);
      case SERVER_SETUP:
        {
          long version = readVersion(in, "Selected Version");
          return new ServerSetup(version, readSetupParameters(in));
        }
      case GOAWAY:
        {
          int length = in.readLength("New Session URI length", GoAway.MAX_URI_BYTES);
          return new GoAway(Draft14Fields.decodeText(in.readBytes(length, "New Session URI")));
        }
      case MAX_REQUEST_ID:
        return new MaxRequestId(in.readVarint("Request ID"));
      case REQUESTS_BLOCKED:
        return new RequestsBlocked(in.readVarint("Maximum Request ID"));
      case SUBSCRIBE:
        return readSubscribe(in);
      case SUBSCRIBE_OK:
        return readSubscribeOk(in);
      case SUBSCRIBE_ERROR:
        {
          long requestId = in.readVarint("Request ID");
          long code = in.readVarint("Error Code");
          return new SubscribeError(requestId, code, Draft14Fields.readReason(in));
        }
      case UNSUBSCRIBE:
        return new Unsubscribe(in.readVarint("Request ID"));
      case PUBLISH_DONE:
        {
          long requestId = in.readVarint("Request ID");
          long status = in.readVarint("Status Code");
          long streams = in.readVarint("Stream Count");
          return new PublishDone(requestId, status, streams, Draft14Fields.readReason(in));
        }
      case PUBLISH_NAMESPACE:
        {
          long requestId = in.readVarint("Request ID");
          TrackNamespace namespace = Draft14Fields.readNamespace(in);
          return new PublishNamespace(requestId, namespace, readMessageParameters(in));
        }
      case PUBLISH_NAMESPACE_OK:
        return new PublishNamespaceOk(in.readVarint("Request ID"));
      case PUBLISH_NAMESPACE_ERROR:
        {
          long requestId = in.readVarint("Request ID");
          long code = in.readVarint("Error Code");
          return new PublishNamespaceError(requestId, code, Draft14Fields.readReason(in));
        }
      case PUBLISH_NAMESPACE_DONE:
        return new PublishNamespaceDone(Draft14Fields.readNamespace(in));
      case PUBLISH_NAMESPACE_CANCEL:
        {
          TrackNamespace namespace = Draft14Fields.readNamespace(in);
          long code = in.readVarint("Error Code");
          return new PublishNamespaceCancel(namespace, code, Draft14Fields.readReason(in));
        }
      default:
        return new UnsupportedControlMessage(type.code(), ByteString.wrapOwned(in.readRest()));
    }
  }

  private static ClientSetup readClientSetup(WireReader in) {
    long count = Draft14Fields.readCount(in, "Number of Supported Versions");
    List<Long> versions = new ArrayList<>();
    for (long i = 0; i < count; i++) {
      versions.add(readVersion(in, "Supported Version"));
    }
    return new ClientSetup(versions, readSetupParameters(in));
  }

  private static long readVersion(WireReader in, String field) {
    long version = in.readVarint(field);
    if (version > MAX_VERSION) {
      throw forbidden(in, field + " 0x" + Long.toHexString(version) + " is not a 32-bit value");
    }
    return version;
  }

  private static KeyValuePairs readSetupParameters(WireReader in) {
    return Draft14Fields.readParameters(in, SetupParameter::isSingleInstance);
  }

  private static KeyValuePairs readMessageParameters(WireReader in) {
    return Draft14Fields.readParameters(in, Draft14Codes::isSingleInstanceParameter);
  }

  private static Subscribe readSubscribe(WireReader in) {
    long requestId = in.readVarint("Request ID");
    TrackNamespace namespace = Draft14Fields.readNamespace(in);
    ByteString trackName = Draft14Fields.readTrackName(in, namespace);
    int priority = in.readUint8("Subscriber Priority");
    int orderCode = in.readUint8("Group Order");
    GroupOrder order = GroupOrder.fromCode(orderCode);
    if (order == null) {
      throw forbidden(in, "Group Order = " + orderCode);
    }
    boolean forward = Draft14Fields.readFlag(in, "Forward");
    long filterCode = in.readVarint("Filter Type");
    SubscribeFilter.Type filterType = SubscribeFilter.Type.fromCode(filterCode);
    if (filterType == null) {
      throw forbidden(in, "Filter Type = " + filterCode);
    }
    SubscribeFilter filter;
    switch (filterType) {
      case ABSOLUTE_START:
        filter = SubscribeFilter.absoluteStart(Draft14Fields.readLocation(in, "Start Location"));
        break;
      case ABSOLUTE_RANGE:
        {
          Location start = Draft14Fields.readLocation(in, "Start Location");
          filter = SubscribeFilter.absoluteRange(start, in.readVarint("End Group"));
          break;
        }
      default:
        filter = new SubscribeFilter(filterType, null, -1);
    }
    KeyValuePairs parameters = readMessageParameters(in);
    return new Subscribe(
        requestId, namespace, trackName, priority, order, forward, filter, parameters);
  }

  private static SubscribeOk readSubscribeOk(WireReader in) {
    long requestId = in.readVarint("Request ID");
    long alias = in.readVarint("Track Alias");
    long expires = in.readVarint("Expires");
    int orderCode = in.readUint8("Group Order");
    GroupOrder order = GroupOrder.fromCode(orderCode);
    if (order == null || order == GroupOrder.PUBLISHER_DEFAULT) {
      throw forbidden(in, "Group Order = " + orderCode + " (must be 1 or 2)");
    }
    boolean contentExists = Draft14Fields.readFlag(in, "Content Exists");
    Location largest = contentExists ? Draft14Fields.readLocation(in, "Largest Location") : null;
    return new SubscribeOk(requestId, alias, expires, order, largest, readMessageParameters(in));
  }
}
