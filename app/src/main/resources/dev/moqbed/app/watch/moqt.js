// MoQT draft-14 for the watch page: the codec (pure functions, tested in node against byte vectors
// the project's Java codec writes) and a subscriber over the browser's WebTransport.
//
// Why the project's own module and not an npm library: @moq/lite and @kixelated/moq are clients of
// moq-lite (draft-lcurley-moq-lite), kixelated's protocol, not of MoQT. The moq-dev/moq repository
// behind @moq/lite also carries a draft-14 compatibility layer (js/lite/src/ietf), but its
// subscriber hands the application frame payloads only: it drops object extension headers (the
// capture time 0x3800 and the relays' arrival stamps 0x3802 that every latency here is computed
// from), has no OBJECT_DATAGRAM path (the audio track), chooses its own SUBSCRIBE fields, and stops
// streams with its own error rather than DELIVERY_TIMEOUT on a frame deadline. What this page must
// measure is exactly what that layer hides.
//
// Every wire detail follows media-model's dev.moqbed.media.moqt (Draft14ControlCodec,
// Draft14DataCodec, Draft14SubgroupStreamDecoder, Draft14Fields) and the Java subscriber
// (subscriber/Subscriber.java, app/SubscriberCommand.java).

export const VERSION_DRAFT_14 = 0xff00000e;
export const SETUP_MAX_REQUEST_ID = 0x02;
/** What MoqtSession advertises in its setup message. */
export const ADVERTISED_MAX_REQUEST_ID = 2 ** 20;
export const EXTENSION_CAPTURE_MICROS = 0x3800;
export const EXTENSION_RELAY_ARRIVAL_MICROS = 0x3802;
/** STOP_SENDING / RESET_STREAM codes on data streams (draft-14 §13.1, Draft14Codes). */
export const RESET_CANCELLED = 0x1;
export const RESET_DELIVERY_TIMEOUT = 0x2;
export const SUBSCRIBE_TRACK_DOES_NOT_EXIST = 0x4;
export const STATUS_NORMAL = 0x0;
export const STATUS_END_OF_GROUP = 0x3;
export const STATUS_END_OF_TRACK = 0x4;
const OBJECT_STATUSES = new Set([0x0, 0x1, 0x3, 0x4]);

export const MessageType = Object.freeze({
  SUBSCRIBE: 0x03,
  SUBSCRIBE_OK: 0x04,
  SUBSCRIBE_ERROR: 0x05,
  UNSUBSCRIBE: 0x0a,
  PUBLISH_DONE: 0x0b,
  GOAWAY: 0x10,
  MAX_REQUEST_ID: 0x15,
  CLIENT_SETUP: 0x20,
  SERVER_SETUP: 0x21,
});
/** Every type draft-14 defines (Draft14MessageType); the others are a protocol violation. */
const KNOWN_TYPES = new Set([
  0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11,
  0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1d, 0x1e, 0x1f, 0x20, 0x21,
]);

/** Thrown by readers when the bytes end inside a field: wait for more. */
export class Incomplete extends Error {}

/** The peer broke the protocol: the session ends. */
export class ProtocolViolation extends Error {}

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** Appends RFC 9000 varints, bytes and fixed-width integers. */
export class Writer {
  constructor() {
    this.parts = [];
    this.size = 0;
  }

  varint(value) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`varint out of range: ${value}`);
    }
    let bytes;
    if (value < 0x40) bytes = [value];
    else if (value < 0x4000) bytes = [0x40 | (value >> 8), value & 0xff];
    else if (value < 0x40000000) {
      bytes = [0x80 | (value >>> 24), (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    } else {
      const high = Math.floor(value / 2 ** 32);
      const low = value >>> 0;
      bytes = [0xc0 | (high >>> 24), (high >>> 16) & 0xff, (high >>> 8) & 0xff, high & 0xff];
      bytes.push(low >>> 24, (low >>> 16) & 0xff, (low >>> 8) & 0xff, low & 0xff);
    }
    return this.bytes(bytes);
  }

  u8(value) {
    return this.bytes([value & 0xff]);
  }

  bytes(values) {
    const copy = Uint8Array.from(values);
    this.parts.push(copy);
    this.size += copy.length;
    return this;
  }

  /** A length-prefixed byte string (Draft14Fields.writeByteString). */
  string(value) {
    const bytes = typeof value === 'string' ? utf8.encode(value) : value;
    return this.varint(bytes.length).bytes(bytes);
  }

  toBytes() {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** Reads fields from bytes[start, end); throws Incomplete past the end. */
export class Reader {
  constructor(bytes, start = 0, end = bytes.length) {
    this.bytes = bytes;
    this.at = start;
    this.end = end;
  }

  get remaining() {
    return this.end - this.at;
  }

  need(count) {
    if (this.at + count > this.end) throw new Incomplete();
  }

  /** A varint as a Number: exact below 2^53; larger values (2^62-1 "unknown") are approximate. */
  varint() {
    this.need(1);
    const first = this.bytes[this.at];
    const length = 1 << (first >> 6);
    this.need(length);
    let value = first & 0x3f;
    for (let i = 1; i < length; i++) value = value * 256 + this.bytes[this.at + i];
    this.at += length;
    return value;
  }

  u8() {
    this.need(1);
    return this.bytes[this.at++];
  }

  u16() {
    this.need(2);
    const value = (this.bytes[this.at] << 8) | this.bytes[this.at + 1];
    this.at += 2;
    return value;
  }

  take(count) {
    this.need(count);
    const slice = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return slice;
  }

  string() {
    return text.decode(this.take(this.varint()));
  }
}

// ---- key-value pairs (draft-14 §1.4.2): even type = varint value, odd type = byte string

function writePairs(out, pairs) {
  for (const pair of pairs) {
    out.varint(pair.type);
    if (pair.type % 2 === 0) out.varint(pair.value);
    else out.string(pair.value);
  }
}

function readPair(reader) {
  const type = reader.varint();
  if (type % 2 === 0) return { type, value: reader.varint() };
  return { type, value: reader.take(reader.varint()) };
}

function readParameters(reader) {
  const count = reader.varint();
  if (count > reader.remaining) throw new ProtocolViolation(`${count} parameters in too few bytes`);
  const pairs = [];
  for (let i = 0; i < count; i++) pairs.push(readPair(reader));
  return pairs;
}

/** Extension headers: Length (i), then pairs until that length is used up. */
function readExtensions(reader) {
  const length = reader.varint();
  reader.need(length);
  const block = new Reader(reader.bytes, reader.at, reader.at + length);
  reader.at += length;
  const pairs = [];
  try {
    while (block.remaining > 0) pairs.push(readPair(block));
  } catch (error) {
    if (error instanceof Incomplete) throw new ProtocolViolation('extension header overruns its block');
    throw error;
  }
  return pairs;
}

/** The capture time (µs, publisher's clock) an object carries, or null when it has none. */
export function captureTimeMicros(extensions) {
  const pair = extensions.find((p) => p.type === EXTENSION_CAPTURE_MICROS);
  return pair ? pair.value : null;
}

/** The relays' arrival stamps (µs, each relay's clock), first relay first. */
export function relayArrivalsMicros(extensions) {
  return extensions.filter((p) => p.type === EXTENSION_RELAY_ARRIVAL_MICROS).map((p) => p.value);
}

// ---- control messages: Type (i), Length (16), Payload

function frame(type, writePayload) {
  const payload = new Writer();
  writePayload(payload);
  if (payload.size > 0xffff) throw new RangeError('control message longer than 65535 bytes');
  const out = new Writer().varint(type).bytes([payload.size >> 8, payload.size & 0xff]);
  return concat([out.toBytes(), payload.toBytes()]);
}

export function encodeClientSetup(versions = [VERSION_DRAFT_14], parameters = null) {
  const pairs = parameters ?? [{ type: SETUP_MAX_REQUEST_ID, value: ADVERTISED_MAX_REQUEST_ID }];
  return frame(MessageType.CLIENT_SETUP, (out) => {
    out.varint(versions.length);
    versions.forEach((version) => out.varint(version));
    out.varint(pairs.length);
    writePairs(out, pairs);
  });
}

/**
 * SUBSCRIBE as the Java subscriber sends it: priority 128, ascending, forward, Next Group Start
 * (filter 0x1), no parameters.
 */
export function encodeSubscribe({
  requestId,
  namespace,
  trackName,
  subscriberPriority = 128,
  groupOrder = 0x1,
  forward = true,
  filterType = 0x1,
  parameters = [],
}) {
  return frame(MessageType.SUBSCRIBE, (out) => {
    out.varint(requestId).varint(namespace.length);
    namespace.forEach((field) => out.string(field));
    out.string(trackName).u8(subscriberPriority).u8(groupOrder).u8(forward ? 1 : 0);
    out.varint(filterType).varint(parameters.length);
    writePairs(out, parameters);
  });
}

export function encodeMaxRequestId(requestId) {
  return frame(MessageType.MAX_REQUEST_ID, (out) => out.varint(requestId));
}

function readLocation(reader) {
  return { group: reader.varint(), object: reader.varint() };
}

const PAYLOAD_READERS = {
  [MessageType.SERVER_SETUP]: (r) => ({ selectedVersion: r.varint(), parameters: readParameters(r) }),
  [MessageType.CLIENT_SETUP]: (r) => {
    const versions = [];
    for (let count = r.varint(), i = 0; i < count; i++) versions.push(r.varint());
    return { versions, parameters: readParameters(r) };
  },
  [MessageType.SUBSCRIBE_OK]: (r) => {
    const ok = { requestId: r.varint(), trackAlias: r.varint(), expiresMillis: r.varint() };
    ok.groupOrder = r.u8();
    if (ok.groupOrder !== 1 && ok.groupOrder !== 2) {
      throw new ProtocolViolation(`SUBSCRIBE_OK Group Order = ${ok.groupOrder}`);
    }
    const contentExists = r.u8();
    if (contentExists > 1) throw new ProtocolViolation(`Content Exists = ${contentExists}`);
    ok.largest = contentExists ? readLocation(r) : null;
    ok.parameters = readParameters(r);
    return ok;
  },
  [MessageType.SUBSCRIBE_ERROR]: (r) => ({
    requestId: r.varint(),
    errorCode: r.varint(),
    reason: r.string(),
  }),
  [MessageType.PUBLISH_DONE]: (r) => ({
    requestId: r.varint(),
    statusCode: r.varint(),
    streamCount: r.varint(),
    reason: r.string(),
  }),
  [MessageType.MAX_REQUEST_ID]: (r) => ({ requestId: r.varint() }),
  [MessageType.GOAWAY]: (r) => ({ newSessionUri: r.string() }),
};

/** Decodes one whole control message; its fields exactly fill the Length (§9). */
export function decodeControlMessage(bytes) {
  const reader = new Reader(bytes);
  const type = reader.varint();
  if (!KNOWN_TYPES.has(type)) throw new ProtocolViolation(`control message type 0x${type.toString(16)}`);
  const length = reader.u16();
  const payload = new Reader(bytes, reader.at, reader.at + length);
  reader.need(length);
  const readPayload = PAYLOAD_READERS[type];
  let message;
  try {
    message = readPayload ? readPayload(payload) : { payload: payload.take(length) };
  } catch (error) {
    if (error instanceof Incomplete) throw new ProtocolViolation(`type 0x${type.toString(16)} truncated`);
    throw error;
  }
  if (payload.remaining !== 0) {
    throw new ProtocolViolation(`type 0x${type.toString(16)}: ${payload.remaining} bytes past its fields`);
  }
  return { type, ...message, frameLength: reader.at + length };
}

/** Control messages out of the control stream's bytes as they arrive. */
export class ControlStreamDecoder {
  constructor() {
    this.pending = new Uint8Array(0);
  }

  feed(bytes) {
    this.pending = concat([this.pending, bytes]);
  }

  /** The next whole message, or null until more bytes arrive. */
  next() {
    try {
      const reader = new Reader(this.pending);
      reader.varint();
      reader.need(reader.u16());
    } catch (error) {
      if (error instanceof Incomplete) return null;
      throw error;
    }
    const message = decodeControlMessage(this.pending);
    this.pending = this.pending.subarray(message.frameLength);
    return message;
  }
}

// ---- subgroup streams (§10.4.2): types 0x10..0x15, 0x18..0x1D

/** Reads a SUBGROUP_HEADER; the type is checked as in Draft14DataCodec.checkSubgroupType. */
export function readSubgroupHeader(reader) {
  const type = reader.varint();
  if ((type & ~0x0f) !== 0x10 || type > 0x1f || (type & 0x06) === 0x06) {
    throw new ProtocolViolation(`unidirectional stream type 0x${type.toString(16)}`);
  }
  const header = { type, trackAlias: reader.varint(), groupId: reader.varint() };
  const mode = type & 0x06;
  header.subgroupId = mode === 0x04 ? reader.varint() : mode === 0x02 ? null : 0;
  header.publisherPriority = reader.u8();
  header.extensionsPresent = (type & 0x01) !== 0;
  header.containsEndOfGroup = (type & 0x08) !== 0;
  return header;
}

/**
 * One subgroup stream, incrementally. Object heads are buffered until whole; payload bytes are
 * counted and dropped (the page needs only sizes), so a large frame costs no memory. An object is
 * reported when its last payload byte arrives: that is the frame's arrival time.
 */
export class SubgroupStreamDecoder {
  constructor() {
    this.pending = new Uint8Array(0);
    this.header = null;
    this.previousObjectId = -1;
    this.current = null; // the object whose payload is arriving
    this.payloadLeft = 0;
    this.endMarkerSeen = false;
  }

  /** Feeds bytes; returns the objects they complete, in order. */
  feed(bytes) {
    const done = [];
    let chunk = bytes;
    for (;;) {
      if (this.current) {
        const used = Math.min(this.payloadLeft, chunk.length);
        this.payloadLeft -= used;
        chunk = chunk.subarray(used);
        if (this.payloadLeft > 0) return done;
        done.push(this.current);
        this.current = null;
      }
      if (chunk.length === 0) return done;
      const buffer = this.pending.length ? concat([this.pending, chunk]) : chunk;
      const reader = new Reader(buffer);
      try {
        if (!this.header) this.header = readSubgroupHeader(reader);
      } catch (error) {
        if (!(error instanceof Incomplete)) throw error;
        this.pending = buffer.slice();
        return done;
      }
      const afterHeader = reader.at;
      let head;
      try {
        head = this.readObjectHead(reader);
      } catch (error) {
        if (!(error instanceof Incomplete)) throw error;
        this.pending = buffer.slice(afterHeader); // the incomplete head only, copied
        return done;
      }
      this.pending = new Uint8Array(0);
      chunk = buffer.subarray(reader.at);
      if (head.payloadLength === 0) done.push(head);
      else {
        this.current = head;
        this.payloadLeft = head.payloadLength;
      }
    }
  }

  readObjectHead(reader) {
    const delta = reader.varint();
    const extensions = this.header.extensionsPresent ? readExtensions(reader) : [];
    const payloadLength = reader.varint();
    const status = payloadLength === 0 ? reader.varint() : STATUS_NORMAL;
    if (!OBJECT_STATUSES.has(status)) throw new ProtocolViolation(`Object Status = ${status}`);
    if (this.endMarkerSeen) throw new ProtocolViolation('object after an end-of-group marker');
    const objectId = this.previousObjectId < 0 ? delta : this.previousObjectId + 1 + delta;
    if (this.header.subgroupId === null) this.header.subgroupId = objectId;
    this.previousObjectId = objectId;
    this.endMarkerSeen = status === STATUS_END_OF_GROUP || status === STATUS_END_OF_TRACK;
    return { objectId, status, extensions, payloadLength };
  }

  /** The stream ended (FIN): ending inside the header or an object is a violation. */
  finish() {
    if (!this.header || this.pending.length > 0 || this.current) {
      throw new ProtocolViolation('subgroup stream ended inside ' + (this.header ? 'an object' : 'its header'));
    }
  }
}

// ---- OBJECT_DATAGRAM (§10.3): types 0x00..0x07 and the status types 0x20, 0x21

export function decodeObjectDatagram(bytes) {
  const reader = new Reader(bytes);
  try {
    const type = reader.varint();
    const statusType = type === 0x20 || type === 0x21;
    if (!statusType && type > 0x07) throw new ProtocolViolation(`datagram type 0x${type.toString(16)}`);
    const datagram = { type, trackAlias: reader.varint(), groupId: reader.varint() };
    datagram.objectId = (type & 0x04) === 0 ? reader.varint() : 0;
    datagram.publisherPriority = reader.u8();
    datagram.extensions = (type & 0x01) !== 0 ? readExtensions(reader) : [];
    if ((type & 0x01) !== 0 && datagram.extensions.length === 0) {
      throw new ProtocolViolation('Extensions Present with Extension Headers Length 0');
    }
    datagram.endOfGroup = !statusType && (type & 0x02) !== 0;
    datagram.status = statusType ? reader.varint() : STATUS_NORMAL;
    if (statusType && reader.remaining !== 0) throw new ProtocolViolation('bytes after a datagram status');
    datagram.payloadLength = statusType ? 0 : reader.remaining;
    return datagram;
  } catch (error) {
    if (error instanceof Incomplete) throw new ProtocolViolation('truncated OBJECT_DATAGRAM');
    throw error;
  }
}

// ---- frames CSV, as SubscriberCommand writes it

export const FRAMES_CSV_HEADER =
  'track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,relay_arrivals_us';

export function frameCsvLine(frame) {
  return [
    frame.track,
    frame.group,
    frame.object,
    frame.kind,
    frame.sizeBytes,
    frame.captureMicros,
    frame.arrivalMicros,
    frame.latencyMicros,
    frame.relayArrivalsMicros.join(';'),
  ].join(',');
}

export function concat(arrays) {
  let size = 0;
  for (const array of arrays) size += array.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const array of arrays) {
    out.set(array, at);
    at += array.length;
  }
  return out;
}

export function hexToBytes(hex) {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`not hex: ${hex}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}
