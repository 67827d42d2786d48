/**
 * A bulk transfer on real QUIC beside the live chain: a client uploading a number of bytes on one
 * unidirectional stream to a server that counts them, as the draft's quicperf background connection
 * of {@code media_backload} does in virtual time.
 */
package dev.moqbed.live.bulk;
