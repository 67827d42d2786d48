package dev.moqbed.cc;

/** The ECN codepoint a sender puts on its packets. */
public enum EcnCodepoint {
  NOT_ECT,
  ECT_0,
  /** L4S-capable (RFC 9331), as C4 marks its packets. */
  ECT_1
}
