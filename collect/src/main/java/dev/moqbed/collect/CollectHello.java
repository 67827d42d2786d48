package dev.moqbed.collect;

import dev.moqbed.collect.v1.Hello;

/** The Hello a role sends, checked against what the collector accepts before the role starts. */
public final class CollectHello {
  private CollectHello() {}

  /**
   * @param test the test label (the scenario column)
   * @param controller the controller under test (the cc column)
   * @param host the sender's host label
   * @param run the operator's run number, kept in the sender_run column
   * @param clockOffsetMicros how far the sender's clock is ahead of the publisher's
   * @param startedMicros the sender's clock now
   * @throws IllegalArgumentException one line naming the option, when a label would be refused
   */
  public static Hello of(
      Hello.SenderRole role,
      String test,
      String controller,
      String host,
      int run,
      long clockOffsetMicros,
      long startedMicros) {
    if (!Labels.isTest(test)) {
      throw new IllegalArgumentException(
          "--label '" + Labels.shorten(test) + "' must be 1 to 64 of A-Z a-z 0-9 . _ -");
    }
    if (!Labels.isController(controller)) {
      throw new IllegalArgumentException(
          "--collect-cc '" + Labels.shorten(controller) + "' is not a controller id");
    }
    if (!Labels.isText(host)) {
      throw new IllegalArgumentException("--collect-host must be 1 to 128 printable characters");
    }
    if (run < 0) {
      throw new IllegalArgumentException("--collect-run must be 0 or more");
    }
    return Hello.newBuilder()
        .setSchemaVersion(CollectConnection.SCHEMA_VERSION)
        .setRole(role)
        .setTest(test)
        .setController(controller)
        .setHost(host)
        .setRun(run)
        .setClockOffsetUs(clockOffsetMicros)
        .setStartedUs(startedMicros)
        .build();
  }
}
