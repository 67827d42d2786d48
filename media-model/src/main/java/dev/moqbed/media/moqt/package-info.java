/**
 * MoQ Transport on the wire: control messages, subgroup streams and object datagrams as immutable
 * records independent of the draft, and a {@link dev.moqbed.media.moqt.MoqtCodec} per draft that
 * maps them to bytes ({@link dev.moqbed.media.moqt.MoqtVersion} picks one). Decoders reject bad
 * input with {@link dev.moqbed.media.moqt.wire.MoqtProtocolException}, which carries the session
 * error to close with. See {@code docs/moqt-codec.md}.
 *
 * <p>No I/O, no clock: bytes in, records out, so the same code runs in virtual time and on QUIC.
 */
package dev.moqbed.media.moqt;
