package dev.moqbed.relay;

import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.SubgroupObject;

/**
 * Adds the relay's arrival time to an object ({@link ObjectExtension#RELAY_ARRIVAL_MICROS}), once
 * per object as it arrives, before it is queued for any subscriber: every subscriber then sees the
 * same stamp, and the time between it and the subscriber's arrival is what this relay and the hop
 * after it added. Objects without a payload (status markers) are left alone: draft-14 forbids
 * extension headers on some of them, and they carry no frame to time.
 */
final class ArrivalStamp {
  private ArrivalStamp() {}

  static SubgroupObject stamp(SubgroupObject object, long arrivalMicros) {
    if (object.status() != ObjectStatus.NORMAL) {
      return object;
    }
    return new SubgroupObject(
        object.objectId(),
        object.status(),
        ObjectExtension.withRelayArrival(object.extensions(), arrivalMicros),
        object.payload());
  }

  /**
   * The datagram as it goes to the subscriber with {@code alias}, stamped when it has a payload.
   */
  static ObjectDatagram forward(ObjectDatagram datagram, long alias, long arrivalMicros) {
    boolean normal = datagram.status() == ObjectStatus.NORMAL;
    return new ObjectDatagram(
        alias,
        datagram.groupId(),
        datagram.objectId(),
        datagram.publisherPriority(),
        datagram.endOfGroup(),
        datagram.status(),
        normal
            ? ObjectExtension.withRelayArrival(datagram.extensions(), arrivalMicros)
            : datagram.extensions(),
        datagram.payload());
  }
}
