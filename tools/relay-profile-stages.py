#!/usr/bin/env python3
"""Groups perf samples of the relay's event-loop thread by stage of its work.

usage: tools/relay-profile-stages.py OUT_PREFIX.stacks   (from tools/relay-thread-profile.sh)

Each sample goes to one stage, by the frames on its stack: kernel time first (split into the
receivers' loopback delivery that runs inside the relay's send call, the send and receive calls
themselves, epoll), then the Java work (sealing and opening, packet building, ACK processing, the
relay's fan-out, Netty's timers). Prints each stage's share of the samples.
"""
import collections
import sys

JAVA_LEAF = ('0x', 'void', 'int', 'long', 'boolean', 'dev.', 'java', 'io.', 'StubRoutines',
             'Interpreter')
CRYPTO = ('Cipher.doFinal', 'GaloisCounterMode', 'HeaderProtect', 'AeadCipher')
RELAY = ('SubscriberQueue', 'RelayTrack', 'UpstreamSide', 'DownstreamSide', 'MoqtSession',
         'RelayConnection')


def read_stacks(path):
    stacks, current = [], []
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip()
        if not line.strip():
            if current:
                stacks.append(current)
                current = []
            continue
        parts = line.strip().split(None, 1)
        current.append(parts[1] if len(parts) > 1 else parts[0])
    if current:
        stacks.append(current)
    return stacks


def stage(frames):
    text = ' | '.join(frames)
    has = lambda *marks: any(mark in text for mark in marks)
    if 'do_syscall_64' in text:
        if has('net_rx_action', 'process_backlog'):
            return 'kernel: loopback delivery to the receivers (softirq inside the send call)'
        if has('sendmmsg', 'sendto', 'sendmsg'):
            return 'kernel: send calls (own part)'
        if has('recvmmsg', 'recvmsg'):
            return 'kernel: receive calls'
        if has('epoll'):
            return 'kernel: epoll wait, scheduling'
        return 'kernel: other system calls'
    if not frames[0].startswith(JAVA_LEAF) and has('asm_', 'irq'):
        return 'kernel: interrupts, page faults'
    if has(*CRYPTO):
        return 'send: seal, header protection' if has('SendPump') else \
            'receive: open, header protection'
    if has('SendPump'):
        if has('QuicConnection.build'):
            return 'send: packet build (QuicConnection.build)'
        if has('armWakeTimer', 'waitUntil', 'nextWakeMicros', 'PumpWakeups'):
            return 'send: wake-ups (next deadline, timer)'
        if has('handOver'):
            return 'send: hand-over to Netty (write, release)'
        return 'send: encode, copy to a direct buffer, the pass'
    if has('ChannelFlusher'):
        return 'send: flush (Netty side)'
    if has('PumpWakeups'):
        return 'send: wake-ups (next deadline, timer)'
    if has('PacketCodec.decodeDatagram', 'PacketDecoder'):
        return 'receive: decode'
    if has('AckProcessor', 'LossDetection'):
        return 'receive: ACK processing'
    if has(*RELAY):
        return 'relay: fan-out, queues, sessions'
    if has('QuicConnection.receivePacket', 'Endpoint.receive'):
        return 'receive: other frames, endpoint'
    if has('scatteringRead', 'epollInReady'):
        return 'receive: Netty read'
    if has('ScheduledFutureTask', 'PriorityQueue'):
        return 'Netty: scheduled tasks'
    return 'other: Netty loop, JVM'


def main():
    stacks = read_stacks(sys.argv[1])
    counts = collections.Counter(stage(frames) for frames in stacks)
    print(f'samples {len(stacks)}')
    for name, count in counts.most_common():
        print(f'{100 * count / len(stacks):6.1f} %  {name}')


if __name__ == '__main__':
    main()
