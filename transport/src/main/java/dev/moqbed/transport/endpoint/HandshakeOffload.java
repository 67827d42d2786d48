package dev.moqbed.transport.endpoint;

/**
 * Where an {@link Endpoint} processes a new server connection's first datagrams: those up to and
 * including the end of the client's ClientHello. The server's answer to it costs three or four
 * elliptic-curve operations (its key share, the shared secret with the client's share checked on
 * the curve, the CertificateVerify signature): about 4 ms of a core per handshake on P-256 with the
 * JDK's code, in one piece. On the thread that also forwards media, every handshake (an attacker's
 * 20 a second, or an honest audience joining) held the viewers' packets behind it
 * (docs/results/handshake-cost-2026-12-07.md). Offloaded, that work runs on another thread, and the
 * endpoint's thread takes the connection over once the ClientHello is answered.
 *
 * <p>The endpoint hands over a connection no other thread touches meanwhile: it has no sender, no
 * timer and no application handler yet, and the endpoint queues its further datagrams until the
 * work is done.
 */
public interface HandshakeOffload {
  /**
   * Runs {@code work} on another thread, then {@code done} on the endpoint's thread (after {@code
   * work}, whose writes it sees). When the endpoint's thread has stopped, {@code done} may never
   * run.
   */
  void run(Runnable work, Runnable done);
}
