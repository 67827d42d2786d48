/**
 * The draft-ietf-moq-transport-14 wire format ({@link dev.moqbed.media.moqt.draft14.Draft14Codec}),
 * with the code points that later drafts renumbered. Package-private classes hold the message
 * layouts; nothing outside this package depends on them.
 */
package dev.moqbed.media.moqt.draft14;
