/**
 * Bulk transfers on real QUIC beside the live chain, as the draft's quicperf background connections
 * run in virtual time: an upload ({@link dev.moqbed.live.bulk.BulkUpload} to a {@link
 * dev.moqbed.live.bulk.BulkSink} that counts the bytes: {@code media_backload}'s) and a download
 * ({@link dev.moqbed.live.bulk.BulkDownload} asking a {@link dev.moqbed.live.bulk.BulkSource} for a
 * fixed size: the fairness scenarios').
 */
package dev.moqbed.live.bulk;
