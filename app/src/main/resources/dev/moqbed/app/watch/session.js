// The watch page's subscriber: SubscriptionBook decides what the Java subscriber
// (subscriber/Subscriber.java) decides, as pure bookkeeping tested in node; WatchSession does the
// WebTransport I/O around it in the browser.

import {
  ADVERTISED_MAX_REQUEST_ID,
  ControlStreamDecoder,
  MessageType,
  ProtocolViolation,
  RESET_CANCELLED,
  RESET_DELIVERY_TIMEOUT,
  STATUS_NORMAL,
  SubgroupStreamDecoder,
  VERSION_DRAFT_14,
  captureTimeMicros,
  decodeObjectDatagram,
  encodeClientSetup,
  encodeMaxRequestId,
  encodeSubscribe,
  hexToBytes,
  relayArrivalsMicros,
} from './moqt.js';

/** After PUBLISH_DONE, how long to wait for the streams it announced (SubscriberCommand: 2 s). */
export const GRACE_MICROS = 2_000_000;

/** The Java client's keep-alive: MAX_REQUEST_ID every liveness / 4 (RelayConnector: 2 s / 4). */
export const KEEP_ALIVE_MILLIS = 500;

/**
 * Datagrams held for a track alias no SUBSCRIBE_OK has named yet, at most. The browser hands the
 * page datagrams and the control stream through separate readers, so the relay's first audio
 * datagrams can reach the page before the SUBSCRIBE_OK it sent ahead of them (the Java subscriber,
 * reading packets in order, never sees that).
 */
export const EARLY_DATAGRAMS = 256;

/** The subscriptions of one session and when each track has ended, as Subscriber.java keeps them. */
export class SubscriptionBook {
  constructor({ namespace, tracks, lateMicros, droppable }) {
    if (tracks.length === 0) throw new Error('no track to subscribe to');
    this.namespace = namespace;
    this.lateMicros = lateMicros;
    this.droppable = new Set(droppable);
    this.tracks = new Map();
    this.byRequest = new Map();
    this.byAlias = new Map();
    this.earlyDatagrams = [];
    this.earlyDatagramsDropped = 0;
    this.aliasWaiters = new Map();
    for (const name of tracks) {
      this.tracks.set(name, {
        name,
        requestId: -1,
        alias: -1,
        ended: false,
        refusal: null,
        expectedStreams: -1,
        streamsStarted: 0,
        streamsEnded: 0,
        streamsReset: 0,
        stopSendingSent: 0,
        frames: 0,
        doneReason: '',
      });
    }
  }

  /** One SUBSCRIBE per track with client request ids 0, 2, 4... (MoqtSession.nextRequestId). */
  subscribeMessages() {
    let requestId = 0;
    const messages = [];
    for (const track of this.tracks.values()) {
      track.requestId = requestId;
      this.byRequest.set(requestId, track);
      messages.push(
        encodeSubscribe({ requestId, namespace: [this.namespace], trackName: track.name }),
      );
      requestId += 2;
    }
    return messages;
  }

  /**
   * A control message after setup. Returns what happened: {event: 'subscribed' | 'refused' |
   * 'done' | 'grace' | 'ignored', track}; 'grace' asks the caller to call endTrack after
   * GRACE_MICROS.
   */
  onControl(message) {
    const track = this.byRequest.get(message.requestId);
    if (message.type === MessageType.SUBSCRIBE_OK && track && track.alias < 0) {
      track.alias = message.trackAlias;
      this.byAlias.set(message.trackAlias, track);
      this.answered();
      return { event: 'subscribed', track };
    }
    if (message.type === MessageType.SUBSCRIBE_ERROR && track && track.alias < 0 && !track.ended) {
      track.refusal = `track ${track.name} refused: ${message.reason} (code ${message.errorCode})`;
      track.ended = true;
      this.answered();
      return { event: 'refused', track };
    }
    if (message.type === MessageType.PUBLISH_DONE && track && !track.ended) {
      track.expectedStreams = message.streamCount;
      track.doneReason = message.reason;
      return { event: this.checkTrackDone(track) ? 'done' : 'grace', track };
    }
    return { event: 'ignored', track: track ?? null };
  }

  /** The track a stream or datagram with this alias belongs to, or null (stop it). */
  trackForAlias(alias) {
    return this.byAlias.get(alias) ?? null;
  }

  /** Whether a SUBSCRIBE is still unanswered, so an unknown alias may yet become a track's. */
  awaitingAnswers() {
    return [...this.tracks.values()].some((track) => track.alias < 0 && !track.ended);
  }

  /**
   * The track of an alias once a SUBSCRIBE_OK names it, or null once every SUBSCRIBE is answered
   * without it: a stream that arrived ahead of its SUBSCRIBE_OK waits for it.
   */
  whenAnswered(alias) {
    const known = this.trackForAlias(alias);
    if (known || !this.awaitingAnswers()) return Promise.resolve(known);
    return new Promise((resolve) => {
      const waiters = this.aliasWaiters.get(alias) ?? [];
      waiters.push(resolve);
      this.aliasWaiters.set(alias, waiters);
    });
  }

  /**
   * Holds a datagram whose alias is unknown while a SUBSCRIBE is unanswered; false when none is
   * (the datagram is nobody's). Past EARLY_DATAGRAMS the newest are counted and dropped.
   */
  holdEarlyDatagram(datagram, arrivalMicros) {
    if (!this.awaitingAnswers()) return false;
    if (this.earlyDatagrams.length >= EARLY_DATAGRAMS) {
      this.earlyDatagramsDropped++;
    } else {
      this.earlyDatagrams.push({ datagram, arrivalMicros });
    }
    return true;
  }

  /** The held datagrams of an alias just named, in arrival order, taken out of the book. */
  takeEarlyDatagrams(alias) {
    const taken = this.earlyDatagrams.filter((early) => early.datagram.trackAlias === alias);
    this.earlyDatagrams = this.earlyDatagrams.filter((early) => early.datagram.trackAlias !== alias);
    return taken;
  }

  /** A SUBSCRIBE was answered: wakes the streams waiting for its alias, or all once none is left. */
  answered() {
    for (const [alias, waiters] of this.aliasWaiters) {
      const track = this.trackForAlias(alias);
      if (track || !this.awaitingAnswers()) {
        waiters.forEach((resolve) => resolve(track));
        this.aliasWaiters.delete(alias);
      }
    }
    if (!this.awaitingAnswers()) this.earlyDatagrams = [];
  }

  /**
   * A whole object arrived: its frame record, or null when it is not a frame of ours (a status
   * object, or no capture time). Kind: AUDIO for a datagram, I for object 0, else P.
   */
  frame(track, groupId, object, viaDatagram, arrivalMicros) {
    if (object.status !== STATUS_NORMAL) return null;
    const captureMicros = captureTimeMicros(object.extensions);
    if (captureMicros === null) return null;
    track.frames++;
    return {
      track: track.name,
      group: groupId,
      object: object.objectId,
      kind: viaDatagram ? 'AUDIO' : object.objectId === 0 ? 'I' : 'P',
      sizeBytes: object.payloadLength,
      captureMicros,
      arrivalMicros,
      latencyMicros: arrivalMicros - captureMicros,
      relayArrivalsMicros: relayArrivalsMicros(object.extensions),
    };
  }

  /** Whether this frame makes its group's stream stop: a droppable track's frame past the deadline. */
  isLate(track, frame) {
    return this.lateMicros > 0 && frame.latencyMicros > this.lateMicros && this.droppable.has(track.name);
  }

  onStreamStarted(track) {
    track.streamsStarted++;
  }

  /** STOP_SENDING sent on one of the track's streams: it counts as ended (as in Java). */
  onStopSending(track) {
    track.stopSendingSent++;
    this.onStreamEnded(track, false);
  }

  onStreamEnded(track, reset) {
    if (reset) track.streamsReset++;
    track.streamsEnded++;
    this.checkTrackDone(track);
  }

  checkTrackDone(track) {
    if (!track.ended && track.expectedStreams >= 0 && track.streamsEnded >= track.expectedStreams) {
      track.ended = true;
    }
    return track.ended;
  }

  /** The grace time after PUBLISH_DONE is over. */
  endTrack(track) {
    track.ended = true;
  }

  allEnded() {
    return [...this.tracks.values()].every((track) => track.ended);
  }

  /** The refusals so far, one line each, or null. */
  refusals() {
    const lines = [...this.tracks.values()].filter((t) => t.refusal).map((t) => t.refusal);
    return lines.length ? lines.join('; ') : null;
  }
}

/** Now in µs on the browser's wall clock, as the page reports arrival times. */
export function wallClockMicros() {
  return Math.round((performance.timeOrigin + performance.now()) * 1000);
}

/**
 * Chromium queues few incoming datagrams for the page and drops the oldest past that, so the
 * first audio datagrams were lost while the page was busy setting up (a test received groups
 * 52-399 of the 50-399 sent). A queue of INCOMING_DATAGRAMS (5 s of audio) keeps them.
 */
const INCOMING_DATAGRAMS = 256;

function keepIncomingDatagrams(transport) {
  if (transport.datagrams && 'incomingHighWaterMark' in transport.datagrams) {
    transport.datagrams.incomingHighWaterMark = INCOMING_DATAGRAMS;
  }
}

/** The reason for cancelling a stream: a WebTransportError carrying the application code. */
function streamError(code, message) {
  try {
    const error = new WebTransportError({ message, streamErrorCode: code });
    if (error.streamErrorCode === code) return error;
  } catch (ignored) {
    // the newer constructor below
  }
  return new WebTransportError(message, { streamErrorCode: code });
}

/** One WebTransport session to the relay, subscribed to the book's tracks. */
export class WatchSession {
  constructor({ url, certificateHash, book, clockOffsetMicros, onFrame, onState, onTrack }) {
    this.url = url;
    this.certificateHash = certificateHash;
    this.book = book;
    this.clockOffsetMicros = clockOffsetMicros;
    this.onFrame = onFrame;
    this.onState = onState;
    this.onTrack = onTrack;
    this.timers = new Set();
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
    this.ending = null;
  }

  /** Connects and subscribes; resolves {reason, error} once, when the session is over. */
  run() {
    this.connect().catch((error) => this.end('error', describe(error)));
    return this.finished;
  }

  async connect() {
    this.onState('connecting');
    const options = this.certificateHash
      ? { serverCertificateHashes: [{ algorithm: 'sha-256', value: hexToBytes(this.certificateHash) }] }
      : {};
    let transport = null;
    const failures = [];
    for (const url of candidateUrls(this.url)) {
      try {
        transport = new WebTransport(url, options);
        this.transport = transport;
        keepIncomingDatagrams(transport);
        await transport.ready;
        break;
      } catch (error) {
        failures.push(`WebTransport to ${url} failed: ${describe(error)}`);
        transport = null;
      }
    }
    if (!transport) {
      // Chromium says only "Opening handshake failed." for a refused certificate too.
      const hint = this.certificateHash ? ' (is the relay listening there, and is hash its certificate\'s SHA-256?)' : '';
      this.end('connection failed', failures.join('; ') + hint);
      return;
    }
    transport.closed.then(
      (info) => this.end('session closed', `the relay closed the session: ${info.reason || 'code ' + info.closeCode}`),
      (error) => this.end('session closed', `the session failed: ${describe(error)}`),
    );
    this.onState('setting up MoQT');
    const control = await transport.createBidirectionalStream();
    this.controlWriter = control.writable.getWriter();
    await this.controlWriter.write(encodeClientSetup());
    this.readControl(control.readable).catch((error) => this.end('error', describe(error)));
    this.readStreams(transport.incomingUnidirectionalStreams).catch((error) => this.fail(error));
    this.readDatagrams(transport.datagrams.readable).catch((error) => this.fail(error));
  }

  async readControl(readable) {
    const reader = readable.getReader();
    const decoder = new ControlStreamDecoder();
    let ready = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new ProtocolViolation('the relay closed the control stream');
      decoder.feed(value);
      for (let message; (message = decoder.next()) !== null; ) {
        if (!ready) {
          if (message.type !== MessageType.SERVER_SETUP || message.selectedVersion !== VERSION_DRAFT_14) {
            throw new ProtocolViolation(`expected SERVER_SETUP selecting draft-14, got type 0x${message.type.toString(16)}`);
          }
          ready = true;
          this.onSetup();
        } else {
          this.onControl(message);
        }
      }
    }
  }

  onSetup() {
    this.onState('subscribing');
    for (const bytes of this.book.subscribeMessages()) this.controlWriter.write(bytes);
    let maximum = ADVERTISED_MAX_REQUEST_ID;
    const keepAlive = setInterval(() => this.controlWriter.write(encodeMaxRequestId(++maximum)).catch(() => {}), KEEP_ALIVE_MILLIS);
    this.timers.add({ cancel: () => clearInterval(keepAlive) });
  }

  onControl(message) {
    const { event, track } = this.book.onControl(message);
    if (event === 'ignored') return;
    this.onTrack(track, event);
    if (event === 'subscribed') {
      for (const early of this.book.takeEarlyDatagrams(track.alias)) {
        this.onDatagram(track, early.datagram, early.arrivalMicros);
      }
    }
    if (event === 'subscribed' && [...this.book.tracks.values()].every((t) => t.alias >= 0 || t.ended)) {
      this.onState('receiving');
    }
    if (event === 'grace') {
      const timer = setTimeout(() => {
        this.book.endTrack(track);
        this.checkDone();
      }, GRACE_MICROS / 1000);
      this.timers.add({ cancel: () => clearTimeout(timer) });
    }
    this.checkDone();
  }

  async readStreams(incoming) {
    const streams = incoming.getReader();
    for (;;) {
      const { value, done } = await streams.read();
      if (done) return;
      this.readSubgroup(value).catch((error) => this.fail(error));
    }
  }

  async readSubgroup(stream) {
    const reader = stream.getReader();
    const decoder = new SubgroupStreamDecoder();
    let track = null;
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (reset) {
        if (track && !this.ending) this.afterStreamEnd(track, true);
        return;
      }
      if (chunk.done) {
        decoder.finish();
        if (track) this.afterStreamEnd(track, false);
        return;
      }
      const arrivalMicros = wallClockMicros() - this.clockOffsetMicros;
      for (const object of decoder.feed(chunk.value)) {
        if (!track) {
          track = await this.book.whenAnswered(decoder.header.trackAlias);
          if (!track) {
            reader.cancel(streamError(RESET_CANCELLED, 'unknown track alias')).catch(() => {});
            return;
          }
          this.book.onStreamStarted(track);
        }
        const frame = this.book.frame(track, decoder.header.groupId, object, false, arrivalMicros);
        if (!frame) continue;
        this.onFrame(frame, track);
        if (this.book.isLate(track, frame)) {
          reader.cancel(streamError(RESET_DELIVERY_TIMEOUT, 'frame later than the deadline')).catch(() => {});
          this.book.onStopSending(track);
          this.onTrack(track, 'stop-sending');
          this.checkDone();
          return;
        }
      }
    }
  }

  afterStreamEnd(track, reset) {
    this.book.onStreamEnded(track, reset);
    this.checkDone();
  }

  async readDatagrams(readable) {
    const reader = readable.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const arrivalMicros = wallClockMicros() - this.clockOffsetMicros;
      const datagram = decodeObjectDatagram(value);
      const track = this.book.trackForAlias(datagram.trackAlias);
      if (track) {
        this.onDatagram(track, datagram, arrivalMicros);
      } else {
        this.book.holdEarlyDatagram(datagram, arrivalMicros);
      }
    }
  }

  onDatagram(track, datagram, arrivalMicros) {
    const frame = this.book.frame(track, datagram.groupId, datagram, true, arrivalMicros);
    if (frame) this.onFrame(frame, track);
  }

  checkDone() {
    if (this.book.allEnded()) this.end('publish done', this.book.refusals());
  }

  fail(error) {
    if (!this.ending) this.end('error', describe(error));
  }

  /** Ends the session once: closes WebTransport and resolves run()'s promise. */
  end(reason, error = null) {
    if (this.ending) return;
    this.ending = { reason, error };
    for (const timer of this.timers) timer.cancel();
    this.onState(error ? `ended: ${error}` : `ended: ${reason}`);
    try {
      this.transport?.close({ closeCode: 0, reason: reason.slice(0, 100) });
    } catch (ignored) {
      // already closed
    }
    this.resolveFinished(this.ending);
  }

  /** Ends early (duration elapsed, page closed). */
  stop(reason) {
    this.end(reason, this.book.refusals());
  }
}

/**
 * The relay's URL, and for host "localhost" the same URL on 127.0.0.1 as well: Chromium 156's
 * handshake to https://localhost:PORT failed here against a relay listening on 127.0.0.1 only
 * (whose banner says localhost) while 127.0.0.1 succeeded. A pinned certificate hash does not
 * depend on the name.
 */
export function candidateUrls(url) {
  const parsed = new URL(url);
  if (parsed.hostname !== 'localhost') return [url];
  parsed.hostname = '127.0.0.1';
  return [url, parsed.toString()];
}

function describe(error) {
  if (error instanceof Error || (error && error.message)) return error.message || String(error);
  return String(error);
}
