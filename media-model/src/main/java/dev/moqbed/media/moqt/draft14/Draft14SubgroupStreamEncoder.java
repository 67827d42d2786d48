package dev.moqbed.media.moqt.draft14;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.SharedObjectHead;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.util.Objects;

/**
 * Writes one draft-14 subgroup stream. Each object is {@code Object ID Delta (i), [Extension
 * Headers Length (i), Extension headers], Object Payload Length (i), [Object Status (i)], Payload};
 * the delta is the id itself for the first object and {@code id - previous - 1} after.
 */
final class Draft14SubgroupStreamEncoder implements SubgroupStreamEncoder {
  private final SubgroupHeader header;
  private boolean headerWritten;
  private long previousObjectId = -1;

  Draft14SubgroupStreamEncoder(SubgroupHeader header) {
    this.header = Objects.requireNonNull(header, "header");
  }

  @Override
  public SubgroupHeader header() {
    return header;
  }

  @Override
  public void writeHeader(WireWriter out) {
    if (headerWritten) {
      throw new IllegalStateException("subgroup header already written");
    }
    Draft14DataCodec.writeSubgroupHeader(header, out);
    headerWritten = true;
  }

  @Override
  public void writeObjectHead(SubgroupObject object, WireWriter out) {
    if (!headerWritten) {
      throw new IllegalStateException("write the subgroup header first");
    }
    long id = object.objectId();
    boolean first = previousObjectId < 0;
    if (!first && id <= previousObjectId) {
      throw new IllegalArgumentException(
          "object ids must increase on a subgroup stream: " + id + " after " + previousObjectId);
    }
    if (first
        && header.subgroupIdMode() == SubgroupIdMode.FIRST_OBJECT_ID
        && header.isResolved()
        && header.subgroupId() != id) {
      throw new IllegalArgumentException(
          "subgroup id " + header.subgroupId() + " is taken from the first object, id " + id);
    }
    KeyValuePairs extensions = object.extensions();
    if (!header.extensionsPresent() && !extensions.isEmpty()) {
      throw new IllegalArgumentException("the subgroup header declares no extension headers");
    }
    out.writeVarint(first ? id : id - previousObjectId - 1);
    if (header.extensionsPresent()) {
      Draft14DataCodec.writeExtensions(out, extensions);
    }
    out.writeVarint(object.payload().size());
    if (object.payload().isEmpty()) {
      // The status is on the wire only for zero-length objects; it says whether the empty
      // object is a real one (NORMAL) or a marker.
      out.writeVarint(object.status().code());
    }
    previousObjectId = id;
  }

  /**
   * The same bytes as {@link #writeObjectHead}, which depend only on the object, the previous
   * object id of this stream and whether its header declares extensions (its subgroup id only for a
   * subgroup named by its first object, which this encoder checks and so never shares).
   */
  @Override
  public ByteString objectHead(SubgroupObject object, SharedObjectHead shared, WireWriter scratch) {
    boolean extensions = header.extensionsPresent();
    ByteString head =
        !headerWritten || header.subgroupIdMode() == SubgroupIdMode.FIRST_OBJECT_ID
            ? null
            : shared.bytesFor(previousObjectId, extensions);
    if (head != null && object.objectId() > previousObjectId) {
      previousObjectId = object.objectId();
      return head;
    }
    long previous = previousObjectId;
    scratch.clear();
    writeObjectHead(object, scratch);
    head = ByteString.wrapOwned(scratch.toByteArray());
    shared.keep(head, previous, extensions);
    return head;
  }
}
