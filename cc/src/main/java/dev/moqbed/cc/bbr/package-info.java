/**
 * BBR in two flavours: {@link dev.moqbed.cc.bbr.PicoquicBbrController}, a port of picoquic's {@code
 * bbr.c} (BBRv3 with picoquic's extensions, the default), and {@link
 * dev.moqbed.cc.bbr.DraftBbrController}, BBRv3 as draft-ietf-ccwg-bbr-06 writes it. {@link
 * dev.moqbed.cc.bbr.BbrProvider} registers both under the id {@code bbr}.
 */
package dev.moqbed.cc.bbr;
