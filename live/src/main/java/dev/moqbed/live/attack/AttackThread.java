package dev.moqbed.live.attack;

/** An attack on a thread of its own, from its client's address, until closed. */
final class AttackThread implements AutoCloseable {
  private final ForgingClient client;
  private final Thread thread;
  private final Attack.Counts counts;
  private volatile boolean stopped;

  private AttackThread(ForgingClient client, Attack attack, int rate, Attack.Counts counts) {
    this.client = client;
    this.counts = counts;
    this.thread =
        new Thread(
            () -> {
              try {
                attack.run(client, rate, counts, () -> stopped);
              } catch (Exception e) {
                if (!stopped) {
                  counts.refused++;
                }
              }
            },
            "moqbed-attack-" + attack.label());
    thread.setDaemon(true);
  }

  static AttackThread start(Attack attack, ForgingClient client, int rate, Attack.Counts counts) {
    AttackThread run = new AttackThread(client, attack, rate, counts);
    run.thread.start();
    return run;
  }

  @Override
  public void close() {
    stopped = true;
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      counts.bytesSent = client.bytesSent();
      counts.bytesReceived = client.bytesReceived();
      client.close();
    }
  }
}
