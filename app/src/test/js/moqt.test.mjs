// Node tests of the watch page's modules: `node --test app/src/test/js/`. The byte vectors come from
// the project's Java codec (moqt-vectors.txt; WatchPageJsTest checks that file against it).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const watchDirectory = new URL('../../main/resources/dev/moqbed/app/watch/', import.meta.url);
const moqt = await import(new URL('moqt.js', watchDirectory));
const session = await import(new URL('session.js', watchDirectory));
const watch = await import(new URL('watch.js', watchDirectory));

const vectors = Object.fromEntries(
  readFileSync(new URL('moqt-vectors.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/))
    .map(([name, hex]) => [name, moqt.hexToBytes(hex)]),
);
const CAPTURE = 1764943200123456;
const RELAY = 1764943200124789;
const hex = (bytes) => Buffer.from(bytes).toString('hex');

test('CLIENT_SETUP offers draft-14 with MAX_REQUEST_ID 2^20, byte for byte as Java', () => {
  assert.equal(hex(moqt.encodeClientSetup()), hex(vectors.client_setup));
  const decoded = moqt.decodeControlMessage(vectors.client_setup);
  assert.deepEqual(decoded.versions, [0xff00000e]);
});

test('SUBSCRIBE per track as the Java subscriber sends it (ids 0, 2, 4; priority 128; next group)', () => {
  const book = new session.SubscriptionBook({
    namespace: 'live',
    tracks: ['a1', 'vlow', 'vmid'],
    lateMicros: 250000,
    droppable: ['vmid'],
  });
  const messages = book.subscribeMessages().map(hex);
  assert.deepEqual(messages, [vectors.subscribe_a1, vectors.subscribe_vlow, vectors.subscribe_vmid].map(hex));
  assert.equal(
    hex(moqt.encodeSubscribe({ requestId: 2, namespace: ['live'], trackName: 'vlow' })),
    hex(vectors.subscribe_vlow),
  );
});

test('MAX_REQUEST_ID keep-alive', () => {
  assert.equal(hex(moqt.encodeMaxRequestId(1048577)), hex(vectors.max_request_id));
});

test('control messages from the relay decode to their fields', () => {
  const setup = moqt.decodeControlMessage(vectors.server_setup);
  assert.equal(setup.type, moqt.MessageType.SERVER_SETUP);
  assert.equal(setup.selectedVersion, moqt.VERSION_DRAFT_14);
  assert.deepEqual(setup.parameters, [{ type: 2, value: 1 << 20 }]);
  const ok = moqt.decodeControlMessage(vectors.subscribe_ok);
  assert.deepEqual([ok.requestId, ok.trackAlias, ok.expiresMillis, ok.groupOrder], [2, 7, 0, 1]);
  assert.deepEqual(ok.largest, { group: 41, object: 3 });
  const empty = moqt.decodeControlMessage(vectors.subscribe_ok_empty);
  assert.deepEqual([empty.requestId, empty.trackAlias, empty.expiresMillis, empty.groupOrder, empty.largest], [4, 300, 5000, 2, null]);
  const error = moqt.decodeControlMessage(vectors.subscribe_error);
  assert.deepEqual([error.requestId, error.errorCode, error.reason], [4, 4, 'no publisher for live/vmid']);
  const done = moqt.decodeControlMessage(vectors.publish_done);
  assert.deepEqual([done.requestId, done.statusCode, done.streamCount, done.reason], [2, 2, 17, 'track ended']);
  const unknown = moqt.decodeControlMessage(vectors.publish_done_unknown_count);
  assert.ok(unknown.streamCount >= 2 ** 62 - 1024, String(unknown.streamCount));
});

test('the control stream decoder waits for whole messages, fed one byte at a time', () => {
  const stream = moqt.concat([vectors.server_setup, vectors.subscribe_ok, vectors.publish_done]);
  const decoder = new moqt.ControlStreamDecoder();
  const types = [];
  for (const byte of stream) {
    decoder.feed(Uint8Array.of(byte));
    for (let m; (m = decoder.next()) !== null; ) types.push(m.type);
  }
  assert.deepEqual(types, [0x21, 0x04, 0x0b]);
});

test('control messages the codec refuses: unknown type, bytes past the fields, truncated payload', () => {
  assert.throws(() => moqt.decodeControlMessage(Uint8Array.of(0x01, 0, 0)), moqt.ProtocolViolation);
  const long = Uint8Array.from([0x15, 0x00, 0x05, 0x80, 0x10, 0x00, 0x01, 0x00]);
  assert.throws(() => moqt.decodeControlMessage(long), /past its fields/);
  const short = Uint8Array.from([0x15, 0x00, 0x01, 0x80]);
  assert.throws(() => moqt.decodeControlMessage(short), /truncated/);
});

function readSubgroup(chunkSize) {
  const bytes = vectors.subgroup_stream;
  const decoder = new moqt.SubgroupStreamDecoder();
  const completed = [];
  for (let at = 0; at < bytes.length; at += chunkSize) {
    for (const object of decoder.feed(bytes.subarray(at, at + chunkSize))) {
      completed.push({ ...object, completedAt: Math.min(at + chunkSize, bytes.length) });
    }
  }
  decoder.finish();
  return { decoder, completed };
}

test('a subgroup stream as the publisher writes it, whole or in any chunking', () => {
  for (const chunkSize of [1, 2, 7, 64, 100000]) {
    const { decoder, completed } = readSubgroup(chunkSize);
    assert.deepEqual(
      { alias: decoder.header.trackAlias, group: decoder.header.groupId, subgroup: decoder.header.subgroupId, priority: decoder.header.publisherPriority },
      { alias: 7, group: 41, subgroup: 0, priority: 64 },
    );
    assert.ok(decoder.header.extensionsPresent && decoder.header.containsEndOfGroup);
    assert.deepEqual(completed.map((o) => o.objectId), [0, 1, 3, 4], `chunks of ${chunkSize}`);
    assert.deepEqual(completed.map((o) => o.payloadLength), [300, 5, 2, 0]);
    assert.deepEqual(completed.map((o) => o.status), [0, 0, 0, moqt.STATUS_END_OF_GROUP]);
    assert.equal(moqt.captureTimeMicros(completed[0].extensions), CAPTURE);
    assert.deepEqual(moqt.relayArrivalsMicros(completed[0].extensions), [RELAY]);
    assert.deepEqual(moqt.relayArrivalsMicros(completed[1].extensions), []);
    assert.equal(moqt.captureTimeMicros(completed[2].extensions), CAPTURE + 66666);
    assert.equal(hex(completed[2].extensions[1].value), hex(Buffer.from('ab')));
  }
});

test('an object completes only with its last payload byte (its arrival time)', () => {
  const { completed } = readSubgroup(1);
  const headerAndFirstHead = 5 + 1 + 1 + 20 + 2;
  assert.equal(completed[0].completedAt, headerAndFirstHead + 300);
});

test('a subgroup stream ending inside an object or with a wrong type is a violation', () => {
  const decoder = new moqt.SubgroupStreamDecoder();
  decoder.feed(vectors.subgroup_stream.subarray(0, 40));
  assert.throws(() => decoder.finish(), /inside an object/);
  assert.throws(() => new moqt.SubgroupStreamDecoder().feed(Uint8Array.of(0x05, 1, 2)), /stream type 0x5/);
  assert.throws(() => new moqt.SubgroupStreamDecoder().feed(Uint8Array.of(0x16, 1, 2, 3)), /stream type 0x16/);
});

test('object datagrams: object 0 without its id, another with it, a status datagram', () => {
  const first = moqt.decodeObjectDatagram(vectors.datagram_object0);
  assert.deepEqual([first.type, first.trackAlias, first.groupId, first.objectId, first.payloadLength], [0x05, 1, 12, 0, 80]);
  assert.equal(moqt.captureTimeMicros(first.extensions), CAPTURE);
  assert.deepEqual(moqt.relayArrivalsMicros(first.extensions), [RELAY]);
  const ninth = moqt.decodeObjectDatagram(vectors.datagram_object9);
  assert.deepEqual([ninth.type, ninth.objectId, ninth.payloadLength, ninth.status], [0x01, 9, 80, 0]);
  const status = moqt.decodeObjectDatagram(vectors.datagram_status);
  assert.deepEqual([status.objectId, status.status, status.payloadLength], [4, moqt.STATUS_END_OF_GROUP, 0]);
  assert.throws(() => moqt.decodeObjectDatagram(Uint8Array.of(0x08, 1, 1, 0)), /datagram type/);
});

function subscribedBook(lateMicros = 250000) {
  const book = new session.SubscriptionBook({ namespace: 'live', tracks: ['a1', 'vlow', 'vmid'], lateMicros, droppable: ['vmid'] });
  book.subscribeMessages();
  const decode = (name) => moqt.decodeControlMessage(vectors[name]);
  return { book, decode };
}

test('frames: kind, latency and the CSV line the Java subscriber writes', () => {
  const { book, decode } = subscribedBook();
  assert.equal(book.onControl(decode('subscribe_ok')).event, 'subscribed'); // request 2 = vlow, alias 7
  const vlow = book.trackForAlias(7);
  assert.equal(vlow.name, 'vlow');
  const { completed } = readSubgroup(100000);
  const frames = completed.map((object) => book.frame(vlow, 41, object, false, CAPTURE + 5000));
  assert.deepEqual(frames.map((f) => f && f.kind), ['I', 'P', 'P', null]);
  assert.equal(moqt.frameCsvLine(frames[0]), `vlow,41,0,I,300,${CAPTURE},${CAPTURE + 5000},5000,${RELAY}`);
  assert.equal(moqt.frameCsvLine(frames[1]), `vlow,41,1,P,5,${CAPTURE},${CAPTURE + 5000},5000,`);
  const audio = book.frame(vlow, 12, moqt.decodeObjectDatagram(vectors.datagram_object0), true, CAPTURE + 1200);
  assert.equal(audio.kind, 'AUDIO');
  assert.equal(moqt.FRAMES_CSV_HEADER, 'track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,relay_arrivals_us');
  const twoRelays = { ...frames[0], relayArrivalsMicros: [1, 2] };
  assert.ok(moqt.frameCsvLine(twoRelays).endsWith(',1;2'));
});

test('a frame later than the deadline stops only a droppable track', () => {
  const { book } = subscribedBook(250000);
  const vmid = book.tracks.get('vmid');
  const vlow = book.tracks.get('vlow');
  assert.equal(book.isLate(vmid, { latencyMicros: 250001 }), true);
  assert.equal(book.isLate(vmid, { latencyMicros: 250000 }), false);
  assert.equal(book.isLate(vlow, { latencyMicros: 900000 }), false);
  assert.equal(subscribedBook(0).book.isLate(vmid, { latencyMicros: 9e9 }), false);
});

test('a track ends when PUBLISH_DONE has come and its streams have ended, stopped ones included', () => {
  const { book, decode } = subscribedBook();
  book.onControl(decode('subscribe_ok'));
  const vlow = book.tracks.get('vlow');
  for (let i = 0; i < 16; i++) book.onStreamEnded(vlow, false);
  assert.equal(book.onControl(decode('publish_done')).event, 'grace'); // 17 streams announced
  book.onStopSending(vlow);
  assert.equal(vlow.ended, true);
  assert.equal(vlow.stopSendingSent, 1);
  assert.equal(book.allEnded(), false);
  const refused = book.onControl(decode('subscribe_error')); // request 4 = vmid
  assert.equal(refused.event, 'refused');
  assert.equal(book.refusals(), 'track vmid refused: no publisher for live/vmid (code 4)');
  book.endTrack(book.tracks.get('a1'));
  assert.equal(book.allEnded(), true);
});

test('the page query: defaults, the contract parameters, one-line errors', () => {
  const settings = watch.readQuery(
    '?relay=' + encodeURIComponent('https://localhost:4443/moq') +
      '&hash=' + 'AB'.repeat(32) + '&namespace=live&tracks=a1,vlow,vmid&late=1&droppable=vmid&duration=0&clockOffset=-1500&report=1',
  );
  assert.deepEqual(settings, {
    relay: 'https://localhost:4443/moq', hash: 'ab'.repeat(32), namespace: 'live', tracks: ['a1', 'vlow', 'vmid'],
    lateMicros: 1000, droppable: ['vmid'], durationMillis: 0, clockOffsetMicros: -1500, report: true,
  });
  assert.equal(watch.readQuery('?relay=https://h/moq&hash=').lateMicros, 250000);
  assert.throws(() => watch.readQuery('?hash='), /needs relay/);
  assert.throws(() => watch.readQuery('?relay=http://h/moq'), /not an https/);
  assert.throws(() => watch.readQuery('?relay=https://h/moq&hash=12'), /64 hex/);
  assert.throws(() => watch.readQuery('?relay=https://h/moq&late=soon'), /late=soon/);
});

test('percentiles over every frame within 1 %', () => {
  const histogram = new watch.LatencyHistogram();
  for (let micros = 1; micros <= 100000; micros++) histogram.record(micros * 10);
  const p50 = histogram.percentile(0.5);
  const p99 = histogram.percentile(0.99);
  assert.ok(Math.abs(p50 - 500000) / 500000 <= 0.01, String(p50));
  assert.ok(Math.abs(p99 - 990000) / 990000 <= 0.01, String(p99));
  assert.equal(histogram.percentile(1), 1000000);
  assert.equal(new watch.LatencyHistogram().percentile(0.5), null);
});

test('the reporter posts batches in order, then /done once after the last batch', async () => {
  const posts = [];
  const reporter = new watch.Reporter(async (path, body, type) => {
    await new Promise((resolve) => setTimeout(resolve, path === '/frames' ? 5 : 0));
    posts.push([path, body, type]);
  });
  reporter.add('a');
  reporter.flush();
  reporter.add('b');
  reporter.add('c');
  await reporter.done({ reason: 'publish done', error: null });
  await reporter.done({ reason: 'again', error: null });
  reporter.add('late');
  await reporter.flush();
  assert.deepEqual(posts, [
    ['/frames', 'a\n', 'text/csv'],
    ['/frames', 'b\nc\n', 'text/csv'],
    ['/done', '{"reason":"publish done","error":null}', 'application/json'],
  ]);
});

test('a relay on localhost is also tried on 127.0.0.1; other hosts as given', () => {
  assert.deepEqual(session.candidateUrls('https://localhost:4443/moq'), ['https://localhost:4443/moq', 'https://127.0.0.1:4443/moq']);
  assert.deepEqual(session.candidateUrls('https://relay.example:443/moq?x=1'), ['https://relay.example:443/moq?x=1']);
});
