/**
 * picoquic's quicperf scenario text, e.g. {@code =a1:d50:p2:S:n250:80;}, parsed into {@link
 * dev.moqbed.media.spec.MediaItem}s so that the reference simulator's spec files run as they are.
 */
package dev.moqbed.media.spec;
