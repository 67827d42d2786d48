/**
 * Cubic in two flavours: picoquic's {@code cubic.c} (the default, {@link
 * dev.moqbed.cc.cubic.PicoquicCubic}) and RFC 9438 with RFC 9406 HyStart++ ({@link
 * dev.moqbed.cc.cubic.RfcCubic}). See {@code docs/cc/cubic.md}.
 */
package dev.moqbed.cc.cubic;
