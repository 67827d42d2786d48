/**
 * Publisher and subscriber that survive a relay restart: {@link
 * dev.moqbed.live.reconnect.RelayConnector} keeps a QUIC connection to the relay with a short
 * liveness timeout and keep-alives, and when it is lost connects again on the same event loop after
 * the {@link dev.moqbed.live.reconnect.ReconnectPolicy}'s backoff, handing the new session to the
 * same role.
 */
package dev.moqbed.live.reconnect;
