package dev.moqbed.subscriber;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SubscriberReportTest {
  private static TrackReport track(String name, String refusal) {
    TrackReport report = new TrackReport(name);
    report.refusal = refusal;
    return report;
  }

  @Test
  void shouldSayEverySubscriptionWasRefusedOnlyWhenNoneWasAccepted() {
    SubscriberReport allRefused =
        new SubscriberReport(
            List.of(track("a1", "no such namespace"), track("vlow", "no such namespace")),
            true,
            "done");
    assertTrue(allRefused.everySubscriptionRefused());
    SubscriberReport oneAccepted =
        new SubscriberReport(
            List.of(track("a1", null), track("vlow", "no such namespace")), true, "done");
    assertFalse(oneAccepted.everySubscriptionRefused());
    assertFalse(new SubscriberReport(List.of(), true, "done").everySubscriptionRefused());
  }
}
