package dev.moqbed.scenarios.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * The scenario groups of draft-huitema-ccwg-c4-test-05 (sections 3 and 5), in the draft's order,
 * each with its scenarios in the order of the draft's result tables. The names of the groups are
 * those of the published results file ({@code reference/c4-test-05-published.csv}).
 */
public enum C4TestGroup {
  NETWORK_EVENTS(
      "network_events",
      "Reaction to network events",
      "alone",
      "alone_200",
      "alone_1_5M",
      "alone_512k",
      "low_and_up",
      "drop_and_back",
      "blackhole",
      "short_long",
      "satellite"),
  COMPETITION(
      "competition",
      "Competition",
      "vs_bbr",
      "vs_c4",
      "vs_cubic",
      "after_c4",
      "before_c4",
      "vs_c4_lg",
      "vs_c4_lg2",
      "vs_bbr_lg",
      "vs_bbr_lg2",
      "vs_cubic_lg",
      "vs_cubic_lg2"),
  BUFFER_BLOAT("buffer_bloat", "Buffer bloat", "bbloat", "bbloat_c4", "bbloat_bbr", "bbloat_cubic"),
  WIFI(
      "wifi",
      "Wi-Fi",
      "wifi_bad",
      "wifi_fade",
      "wifi_suspension",
      "wifi_bad_bbr",
      "wifi_bad_c4",
      "wifi_bad_cubic"),
  ECN("ecn", "ECN", "ecn", "ecn_c4", "ecn_cubic", "ecn_bbr"),
  MEDIA(
      "media",
      "Media",
      "media",
      "media10",
      "media_600fr",
      "media_short_long",
      "media_wb",
      "media_wf",
      "media_ws",
      "media_ecn",
      "media_backload");

  private final String id;
  private final String title;
  private final List<String> scenarios;

  C4TestGroup(String id, String title, String... scenarios) {
    this.id = id;
    this.title = title;
    this.scenarios = List.of(scenarios);
  }

  /** The group's name in the published results, e.g. {@code network_events}. */
  public String id() {
    return id;
  }

  /** The draft's section title. */
  public String title() {
    return title;
  }

  public List<String> scenarios() {
    return scenarios;
  }

  /** The group of a draft scenario, or null for a scenario the draft does not have. */
  public static C4TestGroup of(String scenario) {
    for (C4TestGroup group : values()) {
      if (group.scenarios.contains(scenario)) {
        return group;
      }
    }
    return null;
  }

  /** The group called {@code id}, or null. */
  public static C4TestGroup byId(String id) {
    for (C4TestGroup group : values()) {
      if (group.id.equals(id)) {
        return group;
      }
    }
    return null;
  }

  /** All 43 scenarios of the draft, group by group. */
  public static List<String> allScenarios() {
    List<String> all = new ArrayList<>();
    for (C4TestGroup group : values()) {
      all.addAll(group.scenarios);
    }
    return List.copyOf(all);
  }
}
