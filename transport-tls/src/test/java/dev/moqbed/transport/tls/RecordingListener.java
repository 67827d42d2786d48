package dev.moqbed.transport.tls;

import java.util.ArrayList;
import java.util.List;

/** Keeps every event a session reports, in order. */
final class RecordingListener implements HandshakeListener {
  final List<String> events = new ArrayList<>();
  final List<TrafficSecrets> secrets = new ArrayList<>();
  final List<HandshakeFailure> failures = new ArrayList<>();

  @Override
  public void secretsAvailable(TrafficSecrets trafficSecrets) {
    events.add("secrets " + trafficSecrets.level());
    secrets.add(trafficSecrets);
  }

  @Override
  public void handshakeComplete() {
    events.add("complete");
  }

  @Override
  public void handshakeConfirmed() {
    events.add("confirmed");
  }

  @Override
  public void handshakeFailed(HandshakeFailure failure) {
    events.add("failed");
    failures.add(failure);
  }

  TrafficSecrets secretsAt(EncryptionLevel level) {
    return secrets.stream().filter(s -> s.level() == level).findFirst().orElseThrow();
  }
}
