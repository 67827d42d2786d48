/**
 * The capsule protocol (RFC 9297 §3) that a WebTransport CONNECT stream carries in its DATA frames,
 * and the capsules WebTransport defines on it: closing and draining a session.
 */
package dev.moqbed.webtransport.capsule;
