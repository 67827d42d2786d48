/**
 * Media sources: generators of {@link dev.moqbed.media.MediaObject}s at their capture times. They
 * are passive (the caller asks for the next capture time and drives them from its scheduler), so
 * the same source runs in virtual and in real time.
 */
package dev.moqbed.media.source;
