/**
 * HTTP/3 framing (RFC 9114 §7): frame and stream type codes, the error codes a connection closes
 * with, SETTINGS, and an incremental frame reader whose every length is checked against a limit
 * before the bytes are buffered. No stream, connection or clock: bytes in, frames out.
 */
package dev.moqbed.webtransport.http3;
