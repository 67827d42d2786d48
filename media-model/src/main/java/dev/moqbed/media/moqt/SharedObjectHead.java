package dev.moqbed.media.moqt;

/**
 * One object's head (everything before its payload on a subgroup stream), encoded once and shared
 * by every stream the object is written to: a relay writes each object to every subscriber's
 * stream, and those streams all carry the same objects in the same order, so the head's bytes (the
 * object id's delta, the extension headers, the payload length) are the same on each. Made once per
 * object, handed to {@link SubgroupStreamEncoder#objectHead}; the bytes are kept with what they
 * were encoded after (the stream's previous object id and whether its header declares extension
 * headers), and a stream in another state gets the head encoded anew.
 *
 * <p>Single-threaded: the streams of one relay event loop share it.
 */
public final class SharedObjectHead {
  private ByteString bytes;
  private long previousObjectId;
  private boolean extensionsPresent;

  /** The head encoded after {@code previousObjectId} with these extension flags, or null. */
  public ByteString bytesFor(long previousObjectId, boolean extensionsPresent) {
    return bytes != null
            && this.previousObjectId == previousObjectId
            && this.extensionsPresent == extensionsPresent
        ? bytes
        : null;
  }

  /** Keeps {@code head}, encoded after {@code previousObjectId}. */
  public void keep(ByteString head, long previousObjectId, boolean extensionsPresent) {
    this.bytes = head;
    this.previousObjectId = previousObjectId;
    this.extensionsPresent = extensionsPresent;
  }
}
