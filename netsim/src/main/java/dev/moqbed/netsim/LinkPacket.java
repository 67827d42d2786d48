package dev.moqbed.netsim;

import dev.moqbed.transport.Datagram;

/**
 * A datagram on a link: the one small object per packet. It is a node of an intrusive FIFO (the
 * link's, or one of the AQM's queues), so queuing allocates nothing else, and links recycle it once
 * the datagram is delivered or dropped.
 */
final class LinkPacket {
  Datagram datagram;
  int sizeBytes;

  /** When the datagram was first submitted to the link (kept across re-submissions). */
  long submittedMicros;

  /**
   * In the link FIFO: when it reaches the far end (Long.MAX_VALUE while suspended). In an AQM
   * queue: when it entered that queue (the reference reuses the field the same way).
   */
  long arrivalMicros;

  /**
   * When its serialization started: arrival minus this is transit, this minus submit is queuing.
   */
  long serializationStartMicros;

  LinkPacket next;

  void clear() {
    datagram = null;
    next = null;
  }
}
