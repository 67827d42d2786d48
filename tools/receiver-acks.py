#!/usr/bin/env python3
"""What a receiver tells a sender, read from the sender's qlog (moqbed's qlog 0.3, JSON-SEQ).

Usage: tools/receiver-acks.py QLOG_DIR_OR_FILE...

For each directory, takes the relay's downstream connection: of the files named *relay_server*,
the one whose sent packets carry the most STREAM and DATAGRAM bytes (the relay -> subscriber
connection). Prints one column per argument: the receiver's transport parameters (the
transport:parameters_set event with owner remote, and moqbed:peer_parameters for
max_datagram_frame_size and min_ack_delay), how often it acknowledges (ack-eliciting
packets the relay sent per ACK received, the interval between ACKs), the ack_delay it reports,
ACK_FREQUENCY frames either way, flow-control updates it sends (MAX_DATA, MAX_STREAM_DATA,
MAX_STREAMS) and what the relay's controller saw (RTT samples, losses, state changes).
Standard library only; percentiles are nearest-rank.
"""
import json
import math
import os
import sys

NOT_ACK_ELICITING = {"ack", "padding", "connection_close"}
PAYLOAD_FRAMES = {"stream", "datagram"}


def records(path):
    with open(path, "rb") as file:
        for chunk in file.read().split(b"\x1e"):
            chunk = chunk.strip()
            if chunk:
                yield json.loads(chunk)


def payload_bytes_sent(path):
    total = 0
    for record in records(path):
        if record.get("name") == "transport:packet_sent":
            for frame in record["data"].get("frames", []):
                if frame.get("frame_type") in PAYLOAD_FRAMES:
                    total += frame.get("length", 0)
    return total


def downstream_file(argument):
    if os.path.isfile(argument):
        return argument
    candidates = [
        os.path.join(argument, name)
        for name in sorted(os.listdir(argument))
        if "relay_server" in name and name.endswith(".sqlog")
    ]
    if not candidates:
        sys.exit(f"receiver-acks: no *relay_server*.sqlog in {argument}")
    return max(candidates, key=payload_bytes_sent)


def percentile(values, share):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def measure(path):
    figures = {"file": os.path.basename(path)}
    remote = {}
    sent_eliciting = 0
    sent_packets = 0
    ack_times = []
    ack_delays = []
    counts = {}
    frequency_sent = []
    first_payload = last_payload = None
    rtts = []
    min_rtt = None
    lost = 0
    state_changes = 0
    for record in records(path):
        name = record.get("name")
        data = record.get("data", {})
        time = record.get("time", 0.0)
        if name == "transport:parameters_set" and data.get("owner") == "remote":
            remote.update(data)
        elif name == "moqbed:peer_parameters":
            remote.update(data)  # max_datagram_frame_size, min_ack_delay (-1: not offered)
        elif name == "transport:packet_sent" and data["header"].get("packet_type") == "1RTT":
            frames = data.get("frames", [])
            sent_packets += 1
            if any(f.get("frame_type") not in NOT_ACK_ELICITING for f in frames):
                sent_eliciting += 1
            for frame in frames:
                kind = frame.get("frame_type")
                if kind in PAYLOAD_FRAMES:
                    first_payload = time if first_payload is None else first_payload
                    last_payload = time
                elif kind == "ack_frequency":
                    frequency_sent.append(frame)
                elif kind in ("data_blocked", "stream_data_blocked", "streams_blocked"):
                    counts["sent " + kind] = counts.get("sent " + kind, 0) + 1
        elif name == "transport:packet_received" and data["header"].get("packet_type") == "1RTT":
            for frame in data.get("frames", []):
                kind = frame.get("frame_type")
                if kind == "ack":
                    ack_times.append(time)
                    ack_delays.append(frame.get("ack_delay", 0.0))
                elif kind != "padding":
                    counts["received " + kind] = counts.get("received " + kind, 0) + 1
        elif name == "recovery:metrics_updated":
            if "latest_rtt" in data and data["latest_rtt"] > 0:
                rtts.append(data["latest_rtt"])
            if data.get("min_rtt", 0) > 0:
                min_rtt = data["min_rtt"]
        elif name == "recovery:packet_lost":
            lost += 1
        elif name == "recovery:congestion_state_updated":
            state_changes += 1
    seconds = ((last_payload or 0) - (first_payload or 0)) / 1000.0
    for key in (
        "max_ack_delay", "ack_delay_exponent", "min_ack_delay", "initial_max_data",
        "initial_max_stream_data_uni", "initial_max_stream_data_bidi_local",
        "initial_max_stream_data_bidi_remote", "initial_max_streams_uni",
        "initial_max_streams_bidi", "max_datagram_frame_size", "max_udp_payload_size",
        "max_idle_timeout", "active_connection_id_limit",
    ):
        value = remote.get(key, "absent")
        figures["peer " + key] = "absent" if key == "min_ack_delay" and value == -1 else value
    intervals = [b - a for a, b in zip(ack_times, ack_times[1:])]
    figures["media seconds (first to last payload sent)"] = round(seconds, 2)
    figures["1-RTT packets sent"] = sent_packets
    figures["ack-eliciting packets sent"] = sent_eliciting
    figures["ACK frames received"] = len(ack_times)
    figures["ack-eliciting packets per ACK"] = round(sent_eliciting / max(1, len(ack_times)), 2)
    figures["ACK interval p50 / p99 ms"] = fmt(percentile(intervals, 0.5), percentile(intervals, 0.99))
    figures["ack_delay p50 / p99 / max ms"] = fmt(
        percentile(ack_delays, 0.5), percentile(ack_delays, 0.99), max(ack_delays, default=float("nan")))
    figures["ACK_FREQUENCY sent by relay"] = len(frequency_sent)
    if frequency_sent:
        last = frequency_sent[-1]
        figures["last ACK_FREQUENCY: threshold, max delay ms"] = fmt(
            last.get("ack_eliciting_threshold", float("nan")), last.get("request_max_ack_delay", float("nan")))
    for kind in ("ack_frequency", "max_data", "max_stream_data", "max_streams"):
        value = counts.get("received " + kind, 0)
        figures[f"{kind.upper()} received (per s)"] = f"{value} ({value / seconds:.1f})" if seconds else value
    for kind in ("data_blocked", "stream_data_blocked", "streams_blocked"):
        figures[f"{kind.upper()} sent"] = counts.get("sent " + kind, 0)
    figures["latest_rtt p50 / p99 ms, last min_rtt"] = fmt(
        percentile(rtts, 0.5), percentile(rtts, 0.99), min_rtt if min_rtt is not None else float("nan"))
    figures["packets declared lost"] = lost
    figures["congestion state changes"] = state_changes
    return figures


def fmt(*values):
    return " / ".join(f"{v:.3f}" if isinstance(v, float) else str(v) for v in values)


def main(arguments):
    if not arguments:
        sys.exit(__doc__.strip().splitlines()[2])
    columns = [measure(downstream_file(argument)) for argument in arguments]
    print("| | " + " | ".join(arguments) + " |")
    print("|---" * (len(arguments) + 1) + "|")
    for key in columns[0]:
        print(f"| {key} | " + " | ".join(str(column.get(key, "")) for column in columns) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
