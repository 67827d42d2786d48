// The watch page: reads its query, runs a WatchSession, draws latency live, offers the frames CSV
// and, with report=1, posts frames and the ending to the `moqbed watch` server (same origin).

import { FRAMES_CSV_HEADER, frameCsvLine } from './moqt.js';
import { SubscriptionBook, WatchSession } from './session.js';

/** Frames kept for the charts and the download; older ones are dropped, counts go on. */
export const KEPT_FRAMES = 200_000;
/** Posting period of frame batches to /frames. */
export const POST_PERIOD_MILLIS = 500;
const COLOURS = ['#1f77b4', '#2ca02c', '#d62728', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2'];

/** The page's settings from its query string; throws Error with one line for bad input. */
export function readQuery(search) {
  const query = new URLSearchParams(search);
  const number = (name, fallback) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 && name !== 'clockOffset') {
      throw new Error(`${name}=${raw} is not a valid number`);
    }
    return value;
  };
  const list = (name, fallback) =>
    (query.get(name) ?? fallback).split(',').map((item) => item.trim()).filter((item) => item);
  const relay = query.get('relay');
  if (!relay) throw new Error('the page needs relay=<https URL of the relay>');
  if (!/^https:\/\//.test(relay)) throw new Error(`relay=${relay} is not an https:// URL`);
  const hash = (query.get('hash') ?? '').toLowerCase();
  if (hash && !/^[0-9a-f]{64}$/.test(hash)) throw new Error(`hash=${hash} is not 64 hex digits`);
  return {
    relay,
    hash,
    namespace: query.get('namespace') || 'live',
    tracks: list('tracks', 'a1,vlow,vmid'),
    lateMicros: Math.round(number('late', 250) * 1000),
    droppable: list('droppable', 'vmid'),
    durationMillis: number('duration', 0) * 1000,
    clockOffsetMicros: Math.round(number('clockOffset', 0)),
    report: query.get('report') === '1',
  };
}

/**
 * Latencies counted in buckets for percentiles over every frame in bounded memory: 10 µs wide
 * below 1 ms, then 1 % wide (so a percentile is off by at most 1 %). Negative latencies (a clock
 * offset off) count in the lowest bucket.
 */
export class LatencyHistogram {
  constructor() {
    this.counts = new Map();
    this.total = 0;
    this.max = -Infinity;
  }

  static bucketOf(micros) {
    if (micros < 1000) return Math.max(0, Math.floor(micros / 10));
    return 100 + Math.floor(Math.log(micros / 1000) / Math.log(1.01));
  }

  /** The upper end of a bucket, µs. */
  static valueOf(bucket) {
    if (bucket < 100) return (bucket + 1) * 10;
    return 1000 * Math.pow(1.01, bucket - 100 + 1);
  }

  record(micros) {
    const bucket = LatencyHistogram.bucketOf(micros);
    this.counts.set(bucket, (this.counts.get(bucket) ?? 0) + 1);
    this.total++;
    this.max = Math.max(this.max, micros);
  }

  /** The latency (µs) at or below which `fraction` of the frames fall; null when empty. */
  percentile(fraction) {
    if (this.total === 0) return null;
    const rank = Math.max(1, Math.ceil(fraction * this.total));
    let seen = 0;
    for (const bucket of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(bucket);
      if (seen >= rank) return Math.min(LatencyHistogram.valueOf(bucket), this.max);
    }
    return this.max;
  }
}

/** Posts frame lines in batches, in order, then /done exactly once. */
export class Reporter {
  constructor(post) {
    this.post = post;
    this.lines = [];
    this.chain = Promise.resolve();
    this.doneSent = false;
    this.failures = 0;
  }

  add(line) {
    if (!this.doneSent) this.lines.push(line);
  }

  flush() {
    if (this.lines.length === 0) return this.chain;
    const body = this.lines.join('\n') + '\n';
    this.lines = [];
    this.chain = this.chain
      .then(() => this.post('/frames', body, 'text/csv'))
      .catch(() => this.failures++);
    return this.chain;
  }

  async done(ending) {
    if (this.doneSent) return;
    await this.flush();
    this.doneSent = true;
    await this.post('/done', JSON.stringify(ending), 'application/json').catch(() => this.failures++);
  }
}

async function httpPost(path, body, contentType) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
}

/** Frames kept for the charts: a ring of KEPT_FRAMES. */
class FrameRing {
  constructor(capacity) {
    this.capacity = capacity;
    this.time = new Float64Array(capacity);
    this.latency = new Float32Array(capacity);
    this.track = new Uint8Array(capacity);
    this.lines = new Array(capacity);
    this.size = 0;
    this.next = 0;
    this.dropped = 0;
  }

  add(timeSeconds, latencyMillis, trackIndex, line) {
    if (this.size === this.capacity) this.dropped++;
    else this.size++;
    this.time[this.next] = timeSeconds;
    this.latency[this.next] = latencyMillis;
    this.track[this.next] = trackIndex;
    this.lines[this.next] = line;
    this.next = (this.next + 1) % this.capacity;
  }

  forEach(visit) {
    const start = this.size < this.capacity ? 0 : this.next;
    for (let i = 0; i < this.size; i++) {
      const at = (start + i) % this.capacity;
      visit(this.time[at], this.latency[at], this.track[at], this.lines[at]);
    }
  }
}

function axes(context, box, xMax, yMax, xLabel, yLabel) {
  context.strokeStyle = '#888';
  context.fillStyle = '#333';
  context.font = '11px sans-serif';
  context.strokeRect(box.left, box.top, box.width, box.height);
  for (let i = 0; i <= 4; i++) {
    const y = box.top + box.height - (i / 4) * box.height;
    const x = box.left + (i / 4) * box.width;
    context.fillText(formatTick((yMax * i) / 4), 4, y + 4);
    context.fillText(formatTick((xMax * i) / 4), x - 8, box.top + box.height + 14);
  }
  context.fillText(xLabel, box.left + box.width / 2 - 20, box.top + box.height + 28);
  context.fillText(yLabel, box.left, box.top - 6);
}

function formatTick(value) {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function chartBox(canvas) {
  return { left: 48, top: 18, width: canvas.width - 60, height: canvas.height - 52 };
}

function drawScatter(canvas, ring, trackNames) {
  const context = canvas.getContext('2d');
  context.clearRect(0, 0, canvas.width, canvas.height);
  let xMax = 1;
  let yMax = 1;
  ring.forEach((time, latency) => {
    xMax = Math.max(xMax, time);
    yMax = Math.max(yMax, latency);
  });
  const box = chartBox(canvas);
  axes(context, box, xMax, yMax, 'time since first frame (s)', 'latency (ms)');
  ring.forEach((time, latency, track) => {
    context.fillStyle = COLOURS[track % COLOURS.length];
    const x = box.left + (time / xMax) * box.width;
    const y = box.top + box.height - (Math.max(0, latency) / yMax) * box.height;
    context.fillRect(x - 1, y - 1, 2, 2);
  });
  legend(context, box, trackNames);
}

function drawCdf(canvas, ring, trackNames) {
  const context = canvas.getContext('2d');
  context.clearRect(0, 0, canvas.width, canvas.height);
  const perTrack = trackNames.map(() => []);
  ring.forEach((time, latency, track) => perTrack[track].push(latency));
  let xMax = 1;
  perTrack.forEach((values) => {
    values.sort((a, b) => a - b);
    if (values.length) xMax = Math.max(xMax, values[values.length - 1]);
  });
  const box = chartBox(canvas);
  axes(context, box, xMax, 1, 'latency (ms)', 'fraction of frames');
  perTrack.forEach((values, track) => {
    if (values.length === 0) return;
    context.strokeStyle = COLOURS[track % COLOURS.length];
    context.lineWidth = 2;
    context.beginPath();
    const step = Math.max(1, Math.floor(values.length / 2000));
    for (let i = 0; i < values.length; i += step) {
      const x = box.left + (Math.max(0, values[i]) / xMax) * box.width;
      const y = box.top + box.height - ((i + 1) / values.length) * box.height;
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.lineTo(box.left + (values[values.length - 1] / xMax) * box.width, box.top);
    context.stroke();
    context.lineWidth = 1;
  });
  legend(context, box, trackNames);
}

function legend(context, box, trackNames) {
  trackNames.forEach((name, index) => {
    context.fillStyle = COLOURS[index % COLOURS.length];
    context.fillRect(box.left + box.width - 70, box.top + 6 + index * 14, 10, 10);
    context.fillStyle = '#333';
    context.fillText(name, box.left + box.width - 55, box.top + 15 + index * 14);
  });
}

function millis(micros) {
  return micros === null ? '' : (micros / 1000).toFixed(2);
}

/** The page: wires the query, the session, the charts and the reporter together. */
async function main() {
  const element = (id) => document.getElementById(id);
  const setState = (text) => {
    element('state').textContent = text;
  };
  let settings;
  try {
    settings = readQuery(location.search);
  } catch (error) {
    setState(`error: ${error.message}`);
    element('error').textContent = error.message;
    if (new URLSearchParams(location.search).get('report') === '1') {
      await new Reporter(httpPost).done({ reason: 'error', error: error.message, stopSending: {} });
    }
    document.title = 'moqbed watch: ended';
    return;
  }
  element('relay').textContent = settings.relay;
  const reporter = settings.report ? new Reporter(httpPost) : null;
  const ring = new FrameRing(KEPT_FRAMES);
  const trackNames = settings.tracks;
  const histograms = new Map(trackNames.map((name) => [name, new LatencyHistogram()]));
  const trackStatus = new Map(trackNames.map((name) => [name, 'subscribing']));
  let firstArrival = null;
  const book = new SubscriptionBook(settings);
  const session = new WatchSession({
    url: settings.relay,
    certificateHash: settings.hash,
    book,
    clockOffsetMicros: settings.clockOffsetMicros,
    onState: setState,
    onTrack: (track, event) => {
      trackStatus.set(track.name, event === 'refused' ? track.refusal : event === 'stop-sending' ? 'receiving' : event);
      if (event === 'refused') element('error').textContent = book.refusals();
    },
    onFrame: (frame) => {
      if (firstArrival === null) firstArrival = frame.arrivalMicros;
      const line = frameCsvLine(frame);
      histograms.get(frame.track).record(frame.latencyMicros);
      ring.add((frame.arrivalMicros - firstArrival) / 1e6, frame.latencyMicros / 1000, trackNames.indexOf(frame.track), line);
      reporter?.add(line);
    },
  });
  const render = () => {
    const rows = trackNames.map((name) => {
      const track = book.tracks.get(name);
      const histogram = histograms.get(name);
      return `<tr><td>${name}</td><td>${track.frames}</td><td>${millis(histogram.percentile(0.5))}</td>` +
        `<td>${millis(histogram.percentile(0.99))}</td><td>${histogram.total ? millis(histogram.max) : ''}</td>` +
        `<td>${track.stopSendingSent}</td><td>${track.streamsReset}</td><td>${escapeHtml(trackStatus.get(name))}</td></tr>`;
    });
    element('tracks').innerHTML = rows.join('');
    drawScatter(element('scatter'), ring, trackNames);
    drawCdf(element('cdf'), ring, trackNames);
    element('kept').textContent = ring.dropped ? `(the last ${ring.size} frames; ${ring.dropped} older ones dropped)` : '';
  };
  const renderTimer = setInterval(render, 1000);
  const postTimer = reporter ? setInterval(() => reporter.flush(), POST_PERIOD_MILLIS) : null;
  element('download').addEventListener('click', (event) => {
    const lines = [FRAMES_CSV_HEADER];
    ring.forEach((time, latency, track, line) => lines.push(line));
    event.currentTarget.href = URL.createObjectURL(new Blob([lines.join('\n') + '\n'], { type: 'text/csv' }));
  });
  if (settings.durationMillis > 0) setTimeout(() => session.stop('duration elapsed'), settings.durationMillis);
  window.addEventListener('pagehide', () => session.stop('page closed'));
  const ending = await session.run();
  clearInterval(renderTimer);
  if (postTimer) clearInterval(postTimer);
  render();
  if (ending.error) element('error').textContent = ending.error;
  const stopSending = Object.fromEntries(trackNames.map((name) => [name, book.tracks.get(name).stopSendingSent]));
  if (reporter) await reporter.done({ reason: ending.reason, error: ending.error, stopSending });
  element('result').textContent = JSON.stringify({ ...ending, stopSending, earlyDatagramsDropped: book.earlyDatagramsDropped, frames: Object.fromEntries(trackNames.map((name) => [name, book.tracks.get(name).frames])) });
  document.title = 'moqbed watch: ended';
}

function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

if (typeof document !== 'undefined') main();
