/**
 * Byte-level building blocks of the MoQT codec: varint formats, a growable writer, a bounds-checked
 * reader that throws typed protocol errors, and the byte accumulator the incremental stream
 * decoders buffer into. Nothing here knows a message layout.
 */
package dev.moqbed.media.moqt.wire;
