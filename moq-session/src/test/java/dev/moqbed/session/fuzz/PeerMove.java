package dev.moqbed.session.fuzz;

/** What the raw peer does next, as the fuzzer chooses. */
enum PeerMove {
  /** A well-formed control message on the control stream. */
  CONTROL_MESSAGE,
  /** Arbitrary bytes on the control stream. */
  CONTROL_BYTES,
  /** A new subgroup stream with a well-formed header and objects. */
  SUBGROUP_STREAM,
  /** A new subgroup stream with arbitrary bytes. */
  SUBGROUP_BYTES,
  /** More arbitrary bytes on a subgroup stream opened earlier. */
  MORE_SUBGROUP_BYTES,
  /** FIN on a subgroup stream opened earlier. */
  FINISH_SUBGROUP,
  /** RESET_STREAM on a subgroup stream opened earlier. */
  RESET_SUBGROUP,
  /** A well-formed object datagram. */
  DATAGRAM,
  /** An arbitrary datagram. */
  DATAGRAM_BYTES,
  /** A second bidirectional stream, which only the first may be. */
  EXTRA_BIDIRECTIONAL_STREAM,
  /** FIN on the control stream. */
  FINISH_CONTROL,
  /** Let virtual time run until everything sent so far has arrived. */
  DELIVER,
  /** The peer closes the connection. */
  CLOSE
}
