// WatchSession's I/O in node: an in-memory WebTransport (web streams, as the browser hands them to
// the page) carries the relay's side as byte vectors of the Java codec (moqt-vectors.txt).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const watchDirectory = new URL('../../main/resources/dev/moqbed/app/watch/', import.meta.url);
const moqt = await import(new URL('moqt.js', watchDirectory));
const { SubscriptionBook, WatchSession } = await import(new URL('session.js', watchDirectory));

const vectors = Object.fromEntries(
  readFileSync(new URL('moqt-vectors.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/))
    .map(([name, hex]) => [name, moqt.hexToBytes(hex)]),
);

/** A readable stream the test pushes into. */
function pushable() {
  let controller;
  const stream = new ReadableStream({ start: (c) => (controller = c) }, { highWaterMark: 0 });
  return { stream, push: (chunk) => controller.enqueue(chunk), close: () => controller.close() };
}

/** The relay's end of one session, as the browser's WebTransport exposes it to the page. */
class MemoryWebTransport {
  static last = null;

  constructor(url, options) {
    MemoryWebTransport.last = this;
    this.url = url;
    this.options = options;
    this.ready = Promise.resolve();
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    this.control = pushable();
    this.sent = [];
    this.uni = pushable();
    this.datagramsIn = pushable();
    this.incomingUnidirectionalStreams = this.uni.stream;
    this.datagrams = { readable: this.datagramsIn.stream, incomingHighWaterMark: 1 };
    this.cancelled = [];
    this.closeInfo = null;
  }

  async createBidirectionalStream() {
    const sent = this.sent;
    return { readable: this.control.stream, writable: new WritableStream({ write: (chunk) => sent.push(chunk) }) };
  }

  /** A unidirectional stream from the relay, ended (FIN) or still open; cancel reasons recorded. */
  openStream(bytes, fin) {
    const cancelled = this.cancelled;
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        if (fin) controller.close();
      },
      cancel: (reason) => cancelled.push(reason),
    });
    this.uni.push(stream);
  }

  close(info) {
    this.closeInfo = info;
  }
}

class MemoryWebTransportError extends Error {
  constructor(init = {}) {
    super(init.message);
    this.streamErrorCode = init.streamErrorCode ?? null;
  }
}

globalThis.WebTransport = MemoryWebTransport;
globalThis.WebTransportError = MemoryWebTransportError;

/** SUBSCRIBE_OK for one request (the Java vector covers request 2, alias 7). */
function subscribeOk(requestId, alias) {
  const payload = new moqt.Writer().varint(requestId).varint(alias).varint(0).u8(1).u8(0).varint(0).toBytes();
  return moqt.concat([Uint8Array.of(0x04, 0, payload.length), payload]);
}

function publishDone(requestId, streams) {
  const payload = new moqt.Writer().varint(requestId).varint(2).varint(streams).string('').toBytes();
  return moqt.concat([Uint8Array.of(0x0b, 0, payload.length), payload]);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

async function startSession(droppable, { answer = true } = {}) {
  const frames = [];
  const book = new SubscriptionBook({ namespace: 'live', tracks: ['a1', 'vlow', 'vmid'], lateMicros: 250000, droppable });
  const session = new WatchSession({
    url: 'https://relay.example:4443/moq',
    certificateHash: 'ab'.repeat(32),
    book,
    clockOffsetMicros: 0,
    onFrame: (frame) => frames.push(frame),
    onState: () => {},
    onTrack: () => {},
  });
  const finished = session.run();
  await tick();
  const relay = MemoryWebTransport.last;
  relay.control.push(vectors.server_setup);
  await tick();
  if (answer) {
    relay.control.push(moqt.concat([subscribeOk(0, 1), vectors.subscribe_ok, subscribeOk(4, 9)]));
    await tick();
  }
  return { relay, frames, finished, book, session };
}

test('the session sets up, subscribes, records stream and datagram frames and ends on PUBLISH_DONE', async () => {
  const { relay, frames, finished } = await startSession(['vmid']);
  assert.deepEqual(relay.options.serverCertificateHashes[0].algorithm, 'sha-256');
  assert.equal(relay.options.serverCertificateHashes[0].value.length, 32);
  assert.equal(relay.datagrams.incomingHighWaterMark, 256, 'Chromium keeps more than a few datagrams');
  const written = relay.sent.map((chunk) => Buffer.from(chunk).toString('hex'));
  assert.deepEqual(
    written,
    ['client_setup', 'subscribe_a1', 'subscribe_vlow', 'subscribe_vmid'].map((name) => Buffer.from(vectors[name]).toString('hex')),
  );
  relay.openStream(vectors.subgroup_stream, true); // alias 7 = vlow
  relay.datagramsIn.push(vectors.datagram_object0); // alias 1 = a1
  await tick();
  assert.deepEqual(frames.map((f) => `${f.track}/${f.group}/${f.object}/${f.kind}`).sort(), ['a1/12/0/AUDIO', 'vlow/41/0/I', 'vlow/41/1/P', 'vlow/41/3/P']);
  assert.equal(relay.cancelled.length, 0, 'vlow is not droppable: its late frames are kept');
  relay.control.push(moqt.concat([publishDone(0, 0), publishDone(2, 1), publishDone(4, 0)]));
  const ending = await finished;
  assert.deepEqual(ending, { reason: 'publish done', error: null });
  assert.equal(relay.closeInfo.closeCode, 0);
});

test('a late frame of a droppable track stops its stream with DELIVERY_TIMEOUT (2)', async () => {
  const { relay, frames, book, finished } = await startSession(['vlow']);
  relay.openStream(vectors.subgroup_stream, false); // capture times are a year old: late
  await tick();
  assert.equal(frames.length, 1, 'nothing after the stopping frame');
  assert.equal(relay.cancelled.length, 1);
  assert.equal(relay.cancelled[0].streamErrorCode, moqt.RESET_DELIVERY_TIMEOUT);
  assert.equal(book.tracks.get('vlow').stopSendingSent, 1);
  relay.control.push(vectors.subscribe_error); // request 4 = vmid, already answered: ignored
  relay.control.close();
  const ending = await finished;
  assert.equal(ending.reason, 'error');
  assert.match(ending.error, /closed the control stream/);
});

test('a stream for an alias nobody subscribed to is stopped with CANCELLED (1)', async () => {
  const { relay, frames, session, finished } = await startSession(['vmid']);
  const otherAlias = moqt.concat([Uint8Array.of(0x1d, 0x08), vectors.subgroup_stream.subarray(2)]);
  relay.openStream(otherAlias, false);
  await tick();
  assert.equal(frames.length, 0);
  assert.equal(relay.cancelled[0].streamErrorCode, moqt.RESET_CANCELLED);
  session.stop('duration elapsed');
  assert.deepEqual(await finished, { reason: 'duration elapsed', error: null });
});

test('datagrams and streams that arrive ahead of their SUBSCRIBE_OK are kept for it', async () => {
  const { relay, frames, book, session, finished } = await startSession(['vmid'], { answer: false });
  relay.datagramsIn.push(vectors.datagram_object0); // alias 1 = a1, before its SUBSCRIBE_OK
  relay.openStream(vectors.subgroup_stream, true); // alias 7 = vlow, before its SUBSCRIBE_OK
  await tick();
  assert.equal(frames.length, 0, 'nothing recorded before the aliases are known');
  assert.equal(book.earlyDatagrams.length, 1);
  relay.control.push(moqt.concat([subscribeOk(0, 1), vectors.subscribe_ok, subscribeOk(4, 9)]));
  await tick();
  assert.deepEqual(frames.map((f) => `${f.track}/${f.group}/${f.object}/${f.kind}`).sort(), ['a1/12/0/AUDIO', 'vlow/41/0/I', 'vlow/41/1/P', 'vlow/41/3/P']);
  assert.equal(relay.cancelled.length, 0);
  assert.equal(book.earlyDatagrams.length, 0);
  session.stop('duration elapsed');
  await finished;
});

test('early datagrams are bounded, and dropped once every SUBSCRIBE is answered without their alias', async () => {
  const { relay, book, session, finished } = await startSession(['vmid'], { answer: false });
  const { EARLY_DATAGRAMS } = await import(new URL('session.js', watchDirectory));
  for (let i = 0; i < EARLY_DATAGRAMS + 10; i++) relay.datagramsIn.push(vectors.datagram_object0);
  await tick();
  assert.equal(book.earlyDatagrams.length, EARLY_DATAGRAMS);
  assert.equal(book.earlyDatagramsDropped, 10);
  relay.openStream(moqt.concat([Uint8Array.of(0x1d, 0x08), vectors.subgroup_stream.subarray(2)]), false); // alias 8
  relay.control.push(moqt.concat([subscribeOk(0, 2), vectors.subscribe_ok, subscribeOk(4, 9)])); // no alias 1 or 8
  await tick();
  assert.equal(book.earlyDatagrams.length, 0, 'nobody\'s datagrams are let go');
  assert.equal(relay.cancelled[0].streamErrorCode, moqt.RESET_CANCELLED, 'the waiting stream is nobody\'s');
  session.stop('duration elapsed');
  await finished;
});
