/**
 * Applications that run on a {@link dev.moqbed.transport.quic.QuicConnection}: picoquic's quicperf
 * ({@link dev.moqbed.transport.app.QuicperfClient}, {@link
 * dev.moqbed.transport.app.QuicperfServer}) for the draft's media and batch scenarios, and the
 * plain batch transfer ({@link dev.moqbed.transport.app.BatchClient}, {@link
 * dev.moqbed.transport.app.BatchServer}): a download (small request, many bytes back) or an upload
 * (many bytes up, a small answer).
 */
package dev.moqbed.transport.app;
