package dev.moqbed.relay;

import dev.moqbed.media.moqt.KeyValuePairs;
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
   * The datagram with the relay's arrival stamp (once per datagram, before any subscriber; each
   * subscriber's alias is written as it is encoded, see {@link
   * dev.moqbed.session.MoqtSession#sendDatagram(ObjectDatagram, long)}).
   */
  static ObjectDatagram stamp(ObjectDatagram datagram, long arrivalMicros) {
    if (datagram.status() != ObjectStatus.NORMAL) {
      return datagram;
    }
    return withAlias(
        datagram,
        datagram.trackAlias(),
        ObjectExtension.withRelayArrival(datagram.extensions(), arrivalMicros));
  }

  private static ObjectDatagram withAlias(
      ObjectDatagram datagram, long alias, KeyValuePairs extensions) {
    return new ObjectDatagram(
        alias,
        datagram.groupId(),
        datagram.objectId(),
        datagram.publisherPriority(),
        datagram.endOfGroup(),
        datagram.status(),
        extensions,
        datagram.payload());
  }
}
