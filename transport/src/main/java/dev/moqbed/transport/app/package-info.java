/**
 * Applications that run on a {@link dev.moqbed.transport.quic.QuicConnection} for the non-media
 * scenarios: quicperf's batch transfer, a download (small request, many bytes back) or an upload
 * (many bytes up, a small answer).
 */
package dev.moqbed.transport.app;
