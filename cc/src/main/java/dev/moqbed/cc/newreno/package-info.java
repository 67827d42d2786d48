/**
 * NewReno in two flavours: picoquic's {@code newreno.c} (the default, {@link
 * dev.moqbed.cc.newreno.PicoquicNewReno}) and RFC 9002 §7 ({@link
 * dev.moqbed.cc.newreno.RfcNewReno}). See {@code docs/cc/newreno.md}.
 */
package dev.moqbed.cc.newreno;
