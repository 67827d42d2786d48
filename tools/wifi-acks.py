#!/usr/bin/env python3
"""The Wi-Fi link and the receiver's ACKs, per packet, from picoquic_ns's and moqbed's qlogs.

Usage: tools/wifi-acks.py [--gap-ms G] [--window-ms W] [--per-run] DIR...

Each DIR holds the qlogs of one scenario's runs, from either simulator:
  * picoquic (pico_sim with qlog_dir): NAME.client.qlog and NAME.server.qlog per run, one JSON
    document each, times in us from the file's reference_time;
  * moqbed (scenario run --qlog DIR): SCENARIO_CC_RUN_client_0.sqlog and ..._server_0.sqlog,
    JSON-SEQ, times in ms from 0.
Only one connection per run is read: the main one by default, the background one with
--connection 1 (moqbed's _client_1 files; picoquic's ICIDs ending in 01).

Packets are matched by number across the two ends of a run, so every 1-RTT packet gives its
one-way time on the link (both files share one clock once each reference_time is added). For
each simulator, for both directions, it prints:
  * packets sent and received (1-RTT), and the client's 1-RTT packets by content;
  * one-way time on the link (percentiles) and the share of packets delivered at the same
    microsecond as the one before ("released together");
  * releases: an arrival after a silence of at least G ms (default 10) at a receiver that was
    waiting for a packet already sent (one whose send time is before the silence began), then
    how many packets arrive within W ms (default 2) of the first, their spacing;
  * the client's ACKs: ack-eliciting packets newly received per ACK, and the event that sent
    each ACK: at the instant of a receipt (the threshold was reached, or an immediate ACK) or
    later (the ACK delay ran out), with the ACK_FREQUENCY threshold in force.
With --first-timer, it also prints, over the runs whose client had a pre-ready timer loss before
its second RTT sample, that loss's time after the last packet sent in its context minus 2.5 x the
first RTT sample (srtt + 3 x rttvar, with rttvar = sample / 2), in ms: what the peer's
max_ack_delay adds to the client's first retransmit timer. And how many times per run the client
sent its NEW_CONNECTION_ID frames again, with an ACK or without.
With --ack-of-ack, it replays picoquic's rule for bundling a PING with an ACK (sender.c: no
ack-eliciting packet sent since the highest number an ACK frame named rose, that number + 24 below
the packet's, and a smoothed RTT since it rose) on the client's ready-state 1-RTT packets, and
counts the ACK + PING packets sent where it holds, where it does not, and the ACK-only packets
sent without a PING where it holds.
With --replay-rates N, it also replays, on the server qlogs of the first N runs, two rules for
the receive rate behind the ACK delay's queue correction, and prints for each ACK_FREQUENCY frame
the server sent: its time (ms), the delay it requested, the delay of picoquic's rule
(115 B / the highest rate over epochs longer than a smoothed RTT, 1-RTT packets only) and that of
moqbed's rule before 2026-12-07 (every datagram, windows of 1 ms); "-" before any rate.
Standard library only; percentiles are nearest-rank.
"""
import argparse
import collections
import glob
import json
import math
import os
import re
import sys

NOT_ACK_ELICITING = {"ack", "padding", "connection_close"}


class Packet:
    __slots__ = ("time", "number", "frames", "size")

    def __init__(self, time, number, frames, size):
        self.time = time
        self.number = number
        self.frames = frames
        self.size = size


def frame_kinds(frames):
    return [f.get("frame_type") for f in frames]


def eliciting(frames):
    return any(kind not in NOT_ACK_ELICITING for kind in frame_kinds(frames))


def read_picoquic(path):
    """(sent, received): 1-RTT packets in time order, times in us on the run's clock."""
    with open(path) as file:
        trace = json.load(file)["traces"][0]
    base = int(trace.get("common_fields", {}).get("reference_time", "0"))
    sent, received = [], []
    for time, _category, name, data in trace["events"]:
        if name not in ("packet_sent", "packet_received") or data.get("packet_type") != "1RTT":
            continue
        header = data["header"]
        packet = Packet(base + time, header["packet_number"], data.get("frames", []),
                        header.get("packet_size", 0))
        (sent if name == "packet_sent" else received).append(packet)
    return sent, received


def read_moqbed(path):
    sent, received = [], []
    with open(path, "rb") as file:
        for chunk in file.read().split(b"\x1e"):
            chunk = chunk.strip()
            if not chunk:
                continue
            record = json.loads(chunk)
            name = record.get("name")
            if name not in ("transport:packet_sent", "transport:packet_received"):
                continue
            data = record["data"]
            if data["header"].get("packet_type") != "1RTT":
                continue
            packet = Packet(round(record["time"] * 1000), data["header"]["packet_number"],
                            data.get("frames", []), data.get("raw", {}).get("length", 0))
            (sent if name == "transport:packet_sent" else received).append(packet)
    return sent, received


def runs(directory, connection=0):
    """[(run name, client file, server file, reader)] found in a directory."""
    found = []
    pico_pattern = f"*{connection:02x}.client.qlog"
    for client in sorted(glob.glob(os.path.join(directory, pico_pattern))):
        server = client[: -len(".client.qlog")] + ".server.qlog"
        if os.path.exists(server):
            found.append((os.path.basename(client)[:-12], client, server, read_picoquic))
    pattern = re.compile(rf"(.*)_client_{connection}\.sqlog$")
    for client in sorted(glob.glob(os.path.join(directory, f"*_client_{connection}.sqlog"))):
        match = pattern.match(os.path.basename(client))
        server = os.path.join(directory, f"{match.group(1)}_server_{connection}.sqlog")
        if os.path.exists(server):
            found.append((match.group(1), client, server, read_moqbed))
    return found


def percentile(values, share):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summary(values, unit=""):
    if not values:
        return "none"
    mean = sum(values) / len(values)
    return (f"n {len(values)}, mean {mean:,.1f}{unit}, p10 {percentile(values, .1):,}"
            f" p50 {percentile(values, .5):,} p90 {percentile(values, .9):,}"
            f" p99 {percentile(values, .99):,} max {max(values):,}")


def histogram(values, edges):
    """Counts per bucket [edge_i, edge_i+1), last bucket open."""
    counts = [0] * len(edges)
    for value in values:
        index = 0
        while index + 1 < len(edges) and value >= edges[index + 1]:
            index += 1
        counts[index] += 1
    labels = [f"{edges[i]}-{edges[i + 1] - 1}" if i + 1 < len(edges) else f"{edges[i]}+"
              for i in range(len(edges))]
    total = max(1, len(values))
    return ", ".join(f"{label}: {count} ({100 * count / total:.1f} %)"
                     for label, count in zip(labels, counts))


class Direction:
    """One direction of the link over all runs: packets matched by number, sender to receiver."""

    def __init__(self):
        self.sent = 0
        self.received = 0
        self.one_way = []
        self.together = 0
        self.release_sizes = []
        self.release_spacing = []

    def add(self, sent, received, gap_us, window_us):
        self.sent += len(sent)
        self.received += len(received)
        send_time = {}
        for packet in sent:
            send_time.setdefault(packet.number, packet.time)
        arrivals = [(p.time, send_time.get(p.number)) for p in received]
        previous = None
        for time, sent_at in arrivals:
            if sent_at is not None:
                self.one_way.append(time - sent_at)
            if previous is not None and time == previous:
                self.together += 1
            previous = time
        self.add_releases(arrivals, gap_us, window_us)

    def add_releases(self, arrivals, gap_us, window_us):
        for index in range(1, len(arrivals)):
            time, sent_at = arrivals[index]
            silence_start = arrivals[index - 1][0]
            if time - silence_start < gap_us or sent_at is None or sent_at >= silence_start:
                continue
            end = index
            while end < len(arrivals) and arrivals[end][0] - time <= window_us:
                end += 1
            group = [arrivals[k][0] for k in range(index, end)]
            self.release_sizes.append(len(group))
            self.release_spacing.extend(b - a for a, b in zip(group, group[1:]))

    def report(self, label, window_ms):
        print(f"  {label}: sent {self.sent:,}, received {self.received:,}")
        print(f"    one-way time (us): {summary(self.one_way)}")
        share = 100 * self.together / max(1, self.received)
        print(f"    delivered at the same us as the packet before: {self.together:,} ({share:.1f} %)")
        print(f"    releases after a silence: {len(self.release_sizes):,};"
              f" packets within {window_ms:g} ms of the first: {summary(self.release_sizes)}")
        print(f"      sizes: {histogram(self.release_sizes, [1, 2, 5, 10, 20, 40])}")
        print(f"      spacing inside them (us): {histogram(self.release_spacing, [0, 1, 100, 500, 1000])}")


class ClientAcks:
    """The client's 1-RTT packets, and why each ACK left when it did."""

    def __init__(self):
        self.kinds = collections.Counter()
        self.per_ack = []
        self.cause = collections.Counter()
        self.per_ack_by_cause = collections.defaultdict(list)
        self.sent_per_run = []

    def add(self, sent, received):
        self.sent_per_run.append(len(sent))
        for packet in sent:
            kinds = set(frame_kinds(packet.frames)) - {"padding"}
            if kinds == {"ack"}:
                self.kinds["ACK only"] += 1
            elif "ack" in kinds:
                self.kinds["ACK + " + "+".join(sorted(kinds - {"ack"}))] += 1
            else:
                self.kinds["no ACK: " + "+".join(sorted(kinds))] += 1
        events = [(p.time, 0, p) for p in received] + [(p.time, 1, p) for p in sent]
        events.sort(key=lambda e: (e[0], e[1]))
        threshold = 2  # picoquic's and moqbed's default before any ACK_FREQUENCY
        pending = 0
        last_receipt = None
        largest = -1
        out_of_order = False
        for time, is_sent, packet in events:
            if not is_sent:
                for frame in packet.frames:
                    if frame.get("frame_type") == "ack_frequency":
                        threshold = frame.get("packet_tolerance",
                                              frame.get("ack_eliciting_threshold", threshold))
                if eliciting(packet.frames):
                    pending += 1
                if packet.number > largest + 1 and largest >= 0:
                    out_of_order = True
                largest = max(largest, packet.number)
                last_receipt = time
                continue
            if "ack" not in frame_kinds(packet.frames):
                continue
            if last_receipt == time:
                if out_of_order:
                    cause = "at a receipt, after a gap in numbers"
                elif pending >= threshold:
                    cause = "at a receipt, threshold reached"
                else:
                    cause = "at a receipt, below threshold"
            else:
                cause = "later (delay ran out, or with other frames)"
            self.cause[cause] += 1
            self.per_ack.append(pending)
            self.per_ack_by_cause[cause].append(pending)
            pending = 0
            out_of_order = False

    def report(self):
        total = sum(self.kinds.values())
        print(f"  client 1-RTT packets sent: {total:,}; per run {summary(self.sent_per_run)}")
        for kind, count in self.kinds.most_common():
            print(f"    {kind}: {count:,}")
        print(f"  ack-eliciting packets newly received per ACK sent: {summary(self.per_ack)}")
        print(f"    {histogram(self.per_ack, [0, 1, 2, 3, 5, 9, 17, 33])}")
        for cause, count in self.cause.most_common():
            print(f"    {cause}: {count:,}; per ACK {summary(self.per_ack_by_cause[cause])}")


def server_events(path, reader):
    """(time, kind, value, size, frames): packets received and sent, smoothed RTT updates."""
    if reader is read_picoquic:
        with open(path) as file:
            trace = json.load(file)["traces"][0]
        base = int(trace.get("common_fields", {}).get("reference_time", "0"))
        for time, _category, name, data in trace["events"]:
            if name == "packet_received":
                yield (base + time, "received", data["packet_type"],
                       data["header"].get("packet_size", 0), [])
            elif name == "packet_sent":
                yield base + time, "sent", data["packet_type"], 0, data.get("frames", [])
            elif name == "metrics_updated" and "smoothed_rtt" in data:
                yield base + time, "rtt", data["smoothed_rtt"], 0, []
        return
    with open(path, "rb") as file:
        for chunk in file.read().split(b"\x1e"):
            if not chunk.strip():
                continue
            record = json.loads(chunk)
            name, data = record.get("name"), record.get("data", {})
            time = round(record.get("time", 0) * 1000)
            if name == "transport:packet_received":
                yield (time, "received", data["header"]["packet_type"],
                       data.get("raw", {}).get("length", 0), [])
            elif name == "transport:packet_sent":
                yield time, "sent", data["header"]["packet_type"], 0, data.get("frames", [])
            elif name == "recovery:metrics_updated" and "smoothed_rtt" in data:
                yield time, "rtt", round(data["smoothed_rtt"] * 1000), 0, []


def client_timer_events(path, reader):
    """(time, kind, packet type or sample, frames) of sent packets, RTT samples and timer losses."""
    if reader is read_picoquic:
        with open(path) as file:
            trace = json.load(file)["traces"][0]
        base = int(trace.get("common_fields", {}).get("reference_time", "0"))
        for time, _category, name, data in trace["events"]:
            if name == "packet_sent":
                yield base + time, "sent", data["packet_type"], data.get("frames", [])
            elif name == "metrics_updated" and "latest_rtt" in data:
                yield base + time, "sample", data["latest_rtt"], []
            elif name == "packet_lost" and data.get("trigger") == "timer":
                yield base + time, "timer", data.get("packet_type"), []
        return
    with open(path, "rb") as file:
        for chunk in file.read().split(b"\x1e"):
            if not chunk.strip():
                continue
            record = json.loads(chunk)
            name, data = record.get("name"), record.get("data", {})
            time = round(record.get("time", 0) * 1000)
            if name == "transport:packet_sent":
                yield time, "sent", data["header"]["packet_type"], data.get("frames", [])
            elif name == "recovery:metrics_updated" and data.get("latest_rtt"):
                yield time, "sample", round(data["latest_rtt"] * 1000), []
            elif name == "recovery:packet_lost" and data.get("trigger") == "pto_expired":
                yield time, "timer", data["header"]["packet_type"], []


def first_timer(path, reader):
    """(first timer minus 2.5 x first sample in ms or None, resends with ACK, resends without)."""
    samples = []
    last_sent = {}
    excess = None
    requests = []
    for time, kind, value, frames in client_timer_events(path, reader):
        if kind == "sample":
            samples.append(value)
        elif kind == "sent":
            last_sent[value] = time
            kinds = frame_kinds(frames)
            if value == "1RTT" and "new_connection_id" in kinds:
                requests.append(("ack" in kinds, time))
        elif excess is None and len(samples) == 1:
            excess = round((time - last_sent.get(value, 0) - 2.5 * samples[0]) / 1000)
        elif excess is None:
            excess = "later"
    resent = [acked for acked, _time in requests[1:]]
    spacing = [b[1] - a[1] for a, b in zip(requests, requests[1:])]
    return excess, sum(resent), len(resent) - sum(resent), spacing


def report_first_timer(found):
    excess = collections.Counter()
    with_ack = without = runs_resending = 0
    spacings = []
    for _name, client_path, _server, reader in found:
        value, acked, plain, spacing = first_timer(client_path, reader)
        runs_resending += 1 if spacing else 0
        spacings.extend(spacing)
        if value is not None and value != "later":
            excess[value] += 1
        with_ack += acked
        without += plain
    print(f"  client's first pre-ready timer minus 2.5 x its only RTT sample (ms: runs):"
          f" {sorted(excess.items())}")
    print(f"  NEW_CONNECTION_ID frames sent again: {with_ack + without}, {with_ack} with an ACK,"
          f" in {runs_resending} runs; interval (us): {summary(spacings)}")


def client_ack_events(path, reader):
    """(time, sent or received, packet number or smoothed RTT, frames) of the 1-RTT packets."""
    if reader is read_picoquic:
        with open(path) as file:
            trace = json.load(file)["traces"][0]
        base = int(trace.get("common_fields", {}).get("reference_time", "0"))
        for time, _category, name, data in trace["events"]:
            if name in ("packet_sent", "packet_received") and data["packet_type"] == "1RTT":
                yield (base + time, name[7:], data["header"]["packet_number"],
                       data.get("frames", []))
            elif name == "metrics_updated" and "smoothed_rtt" in data:
                yield base + time, "rtt", data["smoothed_rtt"], []
        return
    with open(path, "rb") as file:
        for chunk in file.read().split(b"\x1e"):
            if not chunk.strip():
                continue
            record = json.loads(chunk)
            name, data = record.get("name"), record.get("data", {})
            time = round(record.get("time", 0) * 1000)
            if (name in ("transport:packet_sent", "transport:packet_received")
                    and data["header"]["packet_type"] == "1RTT"):
                yield time, name[17:], data["header"]["packet_number"], data.get("frames", [])
            elif name == "recovery:metrics_updated" and "smoothed_rtt" in data:
                yield time, "rtt", round(data["smoothed_rtt"] * 1000), []


def replay_ack_of_ack(found):
    counts = collections.Counter()
    for _name, client_path, _server, reader in found:
        highest, highest_at, requested, smoothed, ready = -1, 0, False, 0, False
        for time, kind, value, frames in client_ack_events(client_path, reader):
            kinds = set(frame_kinds(frames))
            if kind == "rtt":
                smoothed = value
            elif kind == "received":
                ready |= "handshake_done" in kinds
                for frame in frames:
                    if frame.get("frame_type") == "ack":
                        largest = max(r[-1] for r in frame["acked_ranges"])
                        if largest > highest:
                            highest, highest_at, requested = largest, time, False
            elif ready:
                holds = (not requested and highest + 24 < value
                         and highest_at + smoothed < time)
                if "ack" in kinds and kinds <= {"ack", "padding", "ping"}:
                    if "ping" in kinds:
                        counts["ACK + PING where the rule holds" if holds
                               else "ACK + PING where it does not"] += 1
                    elif holds:
                        counts["ACK only where the rule holds"] += 1
                requested |= not kinds <= {"ack", "padding"}
    print(f"  picoquic's ACK + PING rule replayed on the client: {dict(counts)}")


def replay_rates(path, reader):
    """[(time ms, delay requested, picoquic's rule, 1 ms rule)] per ACK_FREQUENCY frame sent."""
    smoothed = None
    epoch = None
    received = at_epoch = best = 0
    window_start = None
    window_bytes = best_1ms = 0
    frames_sent = []
    for time, kind, value, size, frames in server_events(path, reader):
        if kind == "rtt":
            smoothed = value
        elif kind == "received":
            window_start = time if window_start is None else window_start
            window_bytes += size
            if time - window_start > 1000:
                best_1ms = max(best_1ms, window_bytes * 1_000_000 // (time - window_start))
                window_start, window_bytes = time, 0
            if value != "1RTT":
                continue
            received += size
            if epoch is None:
                epoch, at_epoch = time, received
            elif smoothed is not None and time - epoch > max(smoothed, 1000):
                best = max(best, (received - at_epoch) * 1_000_000 // (time - epoch))
                epoch, at_epoch = time, received
        else:
            for frame in frames:
                if frame.get("frame_type") != "ack_frequency":
                    continue
                delay = frame.get("max_ack_delay")
                if delay is None:
                    delay = round(frame["request_max_ack_delay"] * 1000)
                frames_sent.append((round(time / 1000), delay,
                                    115_000_000 // best if best else "-",
                                    115_000_000 // best_1ms if best_1ms else "-"))
    return frames_sent


def measure(directory, gap_us, window_us, per_run, replay, connection, timer, ack_of_ack):
    found = runs(directory, connection)
    if not found:
        sys.exit(f"wifi-acks: no pair of client and server qlogs in {directory}")
    down, up, acks = Direction(), Direction(), ClientAcks()
    for name, client_path, server_path, reader in found:
        client_sent, client_received = reader(client_path)
        server_sent, server_received = reader(server_path)
        down.add(server_sent, client_received, gap_us, window_us)
        up.add(client_sent, server_received, gap_us, window_us)
        acks.add(client_sent, client_received)
        if per_run:
            print(f"  run {name}: server sent {len(server_sent)}, client received"
                  f" {len(client_received)}, client sent {len(client_sent)},"
                  f" server received {len(server_received)}")
    kind = "picoquic" if found[0][3] is read_picoquic else "moqbed"
    print(f"{directory}: {kind}, {len(found)} runs")
    down.report("down (server to client, data)", window_us / 1000)
    up.report("up (client to server, ACKs)", window_us / 1000)
    acks.report()
    if timer:
        report_first_timer(found)
    if ack_of_ack:
        replay_ack_of_ack(found)
    for name, _client, server_path, reader in found[:replay]:
        print(f"  run {name}: ACK_FREQUENCY (ms, delay sent, picoquic rule, 1 ms rule):"
              f" {replay_rates(server_path, reader)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gap-ms", type=float, default=10.0)
    parser.add_argument("--window-ms", type=float, default=2.0)
    parser.add_argument("--per-run", action="store_true")
    parser.add_argument("--replay-rates", type=int, default=0, metavar="N")
    parser.add_argument("--connection", type=int, default=0, choices=(0, 1))
    parser.add_argument("--first-timer", action="store_true")
    parser.add_argument("--ack-of-ack", action="store_true")
    parser.add_argument("dirs", nargs="+")
    arguments = parser.parse_args()
    for directory in arguments.dirs:
        measure(directory, round(arguments.gap_ms * 1000), round(arguments.window_ms * 1000),
                arguments.per_run, arguments.replay_rates, arguments.connection,
                arguments.first_timer, arguments.ack_of_ack)


if __name__ == "__main__":
    main()
