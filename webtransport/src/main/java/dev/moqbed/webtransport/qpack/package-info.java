/**
 * QPACK (RFC 9204) with the static table only: an encoder that never uses (and a decoder that
 * refuses) the dynamic table, so no encoder or decoder stream instruction ever carries state; the
 * Huffman code of HPACK (RFC 7541 Appendix B) for the strings browsers compress.
 */
package dev.moqbed.webtransport.qpack;
