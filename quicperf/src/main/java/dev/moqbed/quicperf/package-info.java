/**
 * Applications that run on a {@link dev.moqbed.transport.quic.QuicConnection}: picoquic's quicperf
 * ({@link dev.moqbed.quicperf.QuicperfClient}, {@link dev.moqbed.quicperf.QuicperfServer}) for the
 * draft's media and batch scenarios, and the plain batch transfer ({@link
 * dev.moqbed.quicperf.BatchClient}, {@link dev.moqbed.quicperf.BatchServer}): a download (small
 * request, many bytes back) or an upload (many bytes up, a small answer).
 */
package dev.moqbed.quicperf;
