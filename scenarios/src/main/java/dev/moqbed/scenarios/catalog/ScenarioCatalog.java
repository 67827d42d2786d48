package dev.moqbed.scenarios.catalog;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.scenarios.spec.SimSpecParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The 43 scenarios of draft-huitema-ccwg-c4-test-05's result tables, in the tables' order, and how
 * to turn one into a {@link SimSpec} for a given main controller.
 *
 * <p>Choosing the spec file: the draft ran every scenario three times, with the main connection
 * under c4, bbr and cubic, each from its own file {@code <algo>_<scenario>.txt}. The files of one
 * scenario differ in more than {@code main_cc_algo} (targets, media thresholds, ICIDs and, for
 * {@code alone}, {@code wifi_bad} and {@code media_backload}, the queue), so the controllers {@code
 * c4}, {@code bbr} and {@code cubic} (exactly, without options) get their own file: that is what
 * the draft ran. Every other controller ({@code newreno}, {@code c4:variant=v4}, any flavour) gets
 * the c4 file with the main controller replaced and the picoquic option string dropped; its
 * pass/fail thresholds are then C4's. The background controller always comes from the file.
 */
public final class ScenarioCatalog {
  /** The main algorithms that have spec files of their own. */
  public static final Set<String> DRAFT_ALGORITHMS = Set.of("c4", "bbr", "cubic");

  /** The algorithm whose files serve every other controller. */
  public static final String FALLBACK_ALGORITHM = "c4";

  private static final List<Scenario> SCENARIOS = draftScenarios();

  /** The draft's scenarios, without loading any spec file. */
  static List<Scenario> draftScenarioList() {
    return SCENARIOS;
  }

  private final ReferenceSpecs specs;
  private final ControllerRegistry registry;
  private final SimSpecParser parser;

  public ScenarioCatalog(ReferenceSpecs specs, ControllerRegistry registry) {
    this.specs = specs;
    this.registry = registry;
    this.parser = new SimSpecParser(registry);
  }

  /** The catalogue over {@link ReferenceSpecs#locate()} and the standard controllers. */
  public static ScenarioCatalog standard() {
    return new ScenarioCatalog(ReferenceSpecs.locate(), ControllerRegistry.standard());
  }

  /** Every scenario of the draft, in the order of its tables. */
  public List<Scenario> scenarios() {
    return SCENARIOS;
  }

  /** The project's scenarios beyond the draft ({@link FairnessCatalog}), listed after its own. */
  public List<Scenario> beyondDraft() {
    return FairnessCatalog.scenarioList();
  }

  /** Where the spec files are read. */
  public ReferenceSpecs specs() {
    return specs;
  }

  /**
   * The scenario called {@code name}.
   *
   * @throws IllegalArgumentException with the list of names when there is none
   */
  public Scenario scenario(String name) {
    for (Scenario scenario : SCENARIOS) {
      if (scenario.name().equals(name)) {
        return scenario;
      }
    }
    Scenario beyond = FairnessCatalog.find(name);
    if (beyond != null) {
      return beyond;
    }
    List<String> names = new ArrayList<>();
    for (Scenario scenario : SCENARIOS) {
      names.add(scenario.name());
    }
    for (Scenario scenario : FairnessCatalog.scenarioList()) {
      names.add(scenario.name());
    }
    throw new IllegalArgumentException(
        "unknown scenario '" + name + "'; valid: " + String.join(", ", names));
  }

  /**
   * The scenario {@code name} for main controller {@code controller}.
   *
   * @throws IllegalArgumentException on an unknown scenario or controller
   */
  public ResolvedScenario resolve(String name, String controller) {
    Scenario scenario = scenario(name);
    String canonical = registry.parse(controller).spec();
    if (!scenario.group().inDraft()) {
      return FairnessCatalog.resolve(scenario, canonical, parser);
    }
    boolean ownFile = DRAFT_ALGORITHMS.contains(canonical);
    SpecFile file = specs.load(scenario.specFileName(ownFile ? canonical : FALLBACK_ALGORITHM));
    SimSpec spec = parser.parse(file.name(), file.text());
    if (!ownFile) {
      spec = spec.withMainController(canonical);
    }
    return new ResolvedScenario(scenario, canonical, file, spec, ownFile);
  }

  private static List<Scenario> draftScenarios() {
    List<Scenario> list = new ArrayList<>();
    ScenarioGroup group = ScenarioGroup.NETWORK_EVENTS;
    list.add(
        new Scenario(
            "alone",
            group,
            "3.1.1",
            "One 10 MB download with the path to itself: 20 Mbit/s, 80 ms RTT, an 80 ms (1 BDP)"
                + " drop-tail queue. The baseline: how quickly the controller reaches the line rate"
                + " and how much queue it keeps once there.",
            "The draft mentions no jitter, but all three files add 2 ms Gaussian jitter in both"
                + " directions (jitter: 2000). The bbr file limits the queue to 30 ms instead of"
                + " 80 ms, so the BBR column ran on a shallower buffer."));
    list.add(
        new Scenario(
            "alone_200",
            group,
            "3.1.2",
            "A 20 MB download alone on a fast path: 200 Mbit/s, 40 ms RTT, 80 ms queue. Checks"
                + " that startup finds a high capacity quickly and then holds it.",
            "The draft says the buffer is 1 BDP; 80 ms at 40 ms RTT is 2 BDP."));
    list.add(
        new Scenario(
            "alone_1_5M",
            group,
            "3.1.3",
            "A 4 MB download alone on a slow path: 1.536 Mbit/s (a T1), 40 ms RTT, 50 ms queue"
                + " (1.25 BDP). Checks startup and steady state where a BDP is only a few packets.",
            "The draft rounds the rate to 1.5 Mbit/s; the file uses 1.536 Mbit/s."));
    list.add(
        new Scenario(
            "alone_512k",
            group,
            "3.1.4",
            "A 1 MB download alone on a very slow path: 512 kbit/s, 34 ms RTT, 50 ms queue. The"
                + " BDP is under two full packets, so the minimum window and pacing dominate.",
            ""));
    list.add(
        new Scenario(
            "low_and_up",
            group,
            "3.1.5",
            "A 7 MB download while the capacity rises: 5 Mbit/s for the first 2.5 s, then 10"
                + " Mbit/s; 100 ms RTT, 80 ms queue. Tests how fast the controller notices and uses"
                + " new capacity.",
            "The draft gives neither the size nor the queue. All three files use the same ICID"
                + " (cc10c400), so the draft's RTT cells for this row may mix algorithms."));
    list.add(
        new Scenario(
            "drop_and_back",
            group,
            "3.1.6",
            "A 7 MB download while the capacity halves and recovers: 10 Mbit/s, 5 Mbit/s from 1.5"
                + " s to 3.5 s, then 10 Mbit/s again; 100 ms RTT, 80 ms queue. Tests adaptation"
                + " in both directions.",
            "The draft gives neither the size nor the queue. The bbr file reuses c4's ICID"
                + " (ccdbc400), so the draft's RTT cells for this row may mix algorithms."));
    list.add(
        new Scenario(
            "blackhole",
            group,
            "3.1.7",
            "A 10 MB download through a 2-second outage: 25 Mbit/s, 70 ms RTT, 80 ms queue, and"
                + " no delivery in either direction from 2 s to 4 s. Packets queued during the"
                + " outage are re-queued when the link returns, where everything beyond 80 ms of"
                + " queue is dropped. Tests recovery after a suspension.",
            "The draft leaves the rate blank ('set at .'): it is 25 Mbit/s."));
    list.add(
        new Scenario(
            "short_long",
            group,
            "3.1.8",
            "A 20 MB download while the path gets much longer: 10 Mbit/s throughout; the first"
                + " second at 15 ms one-way (30 ms RTT) with a 100 ms queue, then 100 ms one-way"
                + " (200 ms RTT) with a 200 ms queue, from custom link text. Tests whether the"
                + " controller re-learns a larger minimum RTT.",
            "The draft says the latency 'increases to 100ms': the one-way latency does, the RTT"
                + " goes from 30 to 200 ms. 'The data rate remains constant at 100ms' means 10"
                + " Mbit/s. The custom phases set no jitter."));
    list.add(
        new Scenario(
            "satellite",
            group,
            "3.1.9",
            "A 100 MB download over a geostationary-like path: 250 Mbit/s, 600 ms RTT, 600 ms"
                + " (1 BDP) queue, with careful resume seeded on the server from a previous"
                + " connection (window 18,750,000 bytes, RTT 600,123 us).",
            "None in the parameters. The seed is applied only by controllers that support"
                + " careful resume."));

    group = ScenarioGroup.COMPETITION;
    list.add(
        new Scenario(
            "vs_bbr",
            group,
            "3.3.1",
            "A 5 MB main download against a 10 MB BBR download that starts at the same time: 20"
                + " Mbit/s, 80 ms RTT, 80 ms queue. Tests how the bandwidth is shared with BBR.",
            "The draft describes only the C4 variant (vs_c4); this row is the same setup with a"
                + " BBR background. cubic_vs_bbr reuses c4's ICID (ccc0c4bb), so the draft's RTT"
                + " and load cells for cubic may come from the c4 run."));
    list.add(
        new Scenario(
            "vs_c4",
            group,
            "3.3.1",
            "A 5 MB main download against a 10 MB C4 download that starts at the same time: 20"
                + " Mbit/s, 80 ms RTT, 80 ms queue. Tests sharing with C4.",
            ""));
    list.add(
        new Scenario(
            "vs_cubic",
            group,
            "3.3.1",
            "A 5 MB main download against a 10 MB Cubic download that starts at the same time:"
                + " 20 Mbit/s, 80 ms RTT, 80 ms queue. Tests sharing with Cubic.",
            "The draft describes only the C4 variant (vs_c4); this row is the same setup with a"
                + " Cubic background."));
    list.add(
        new Scenario(
            "after_c4",
            group,
            "3.3.2",
            "A 5 MB main download that starts 0.5 s after a 10 MB C4 download: 20 Mbit/s, 80 ms"
                + " RTT, 80 ms queue. Tests entering a link an established flow already fills.",
            ""));
    list.add(
        new Scenario(
            "before_c4",
            group,
            "3.3.3",
            "A 10 MB main download joined 0.5 s later by a 20 MB C4 download: 50 Mbit/s, 30 ms"
                + " RTT, 80 ms queue. Tests making room for a newcomer.",
            ""));
    list.add(
        new Scenario(
            "vs_c4_lg",
            group,
            "3.3.4",
            "Two long downloads starting together: main 30 MB against C4 20 MB; 20 Mbit/s, 80 ms"
                + " RTT, 80 ms queue. Tests long-term sharing with C4.",
            "The draft swaps the sizes (background 30 MB, main 20 MB); the files give the main"
                + " connection 30 MB and the background 20 MB, which the published times confirm."));
    list.add(
        new Scenario(
            "vs_c4_lg2",
            group,
            "3.3.5",
            "A 15 MB main download joined after 1 s by a 10 MB C4 download: 10 Mbit/s, 70 ms"
                + " RTT, 80 ms queue. Tests sharing with a C4 newcomer over a long transfer.",
            "The draft swaps the sizes (background 15 MB, main 10 MB); the files give the main"
                + " connection 15 MB and the background 10 MB."));
    list.add(
        new Scenario(
            "vs_bbr_lg",
            group,
            "3.3.4",
            "Two long downloads starting together: main 30 MB against BBR 20 MB; 20 Mbit/s, 80"
                + " ms RTT, 80 ms queue. Tests long-term sharing with BBR.",
            "The draft swaps the sizes (background 30 MB, main 20 MB); the main connection"
                + " carries 30 MB."));
    list.add(
        new Scenario(
            "vs_bbr_lg2",
            group,
            "3.3.5",
            "A 15 MB main download joined after 1 s by a 10 MB BBR download: 10 Mbit/s, 70 ms"
                + " RTT, 80 ms queue.",
            "The draft swaps the sizes (background 15 MB, main 10 MB); the main connection"
                + " carries 15 MB."));
    list.add(
        new Scenario(
            "vs_cubic_lg",
            group,
            "3.3.4",
            "Two long downloads starting together: main 30 MB against Cubic 20 MB; 20 Mbit/s, 80"
                + " ms RTT, 80 ms queue. Tests long-term sharing with Cubic.",
            "The draft swaps the sizes (background 30 MB, main 20 MB); the main connection"
                + " carries 30 MB."));
    list.add(
        new Scenario(
            "vs_cubic_lg2",
            group,
            "3.3.5",
            "A 15 MB main download joined after 1 s by a 10 MB Cubic download: 10 Mbit/s, 70 ms"
                + " RTT, 80 ms queue.",
            "The draft swaps the sizes (background 15 MB, main 10 MB); the main connection"
                + " carries 15 MB."));

    group = ScenarioGroup.BUFFER_BLOAT;
    String bloatLink =
        " 20 Mbit/s, 80 ms RTT, and a drop-tail queue of 20 s, so loss-based controllers"
            + " can fill the buffer for a long time.";
    list.add(
        new Scenario(
            "bbloat",
            group,
            "3.2.1",
            "A 30 MB download alone on a path with a huge buffer:"
                + bloatLink
                + " Tests whether the controller keeps the queue short while staying efficient.",
            "The files also hold background lines, which are ignored because nb_connections is"
                + " 1."));
    list.add(
        new Scenario(
            "bbloat_c4",
            group,
            "3.2.2",
            "A 30 MB main download against a 20 MB C4 download starting together;" + bloatLink,
            ""));
    list.add(
        new Scenario(
            "bbloat_bbr",
            group,
            "3.2.3",
            "A 30 MB main download against a 20 MB BBR download starting together;" + bloatLink,
            "The draft's text calls it a competition 'against C4' (a copy slip); the background"
                + " runs BBR."));
    list.add(
        new Scenario(
            "bbloat_cubic",
            group,
            "3.2.4",
            "A 30 MB main download against a 20 MB Cubic download starting together;"
                + bloatLink
                + " Cubic only backs off on loss, so this tests not being starved.",
            "The draft's text calls it a competition 'against C4' (a copy slip); the background"
                + " runs Cubic."));

    group = ScenarioGroup.WIFI;
    String wifiModel =
        " The reference's Wi-Fi model differs from the draft's formula: the retransmission"
            + " component is enabled with probability (J - 1 ms)/84 ms, capped at J = 85 ms (the"
            + " draft says /90 ms and 91 ms), and its 7.5 ms steps are smoothed too.";
    list.add(
        new Scenario(
            "wifi_bad",
            group,
            "3.4.1",
            "A 4 MB download over 'bad Wi-Fi': 10 Mbit/s, 2 ms RTT, Wi-Fi jitter with a 7 ms"
                + " average in both directions, whose rare retransmission bursts add delay spikes"
                + " near 100 ms. Tests whether jitter is mistaken for congestion.",
            "The draft gives no size (4 MB) and no queue: the c4 file has a 250 ms queue, the"
                + " bbr and cubic files 80 ms."
                + wifiModel));
    list.add(
        new Scenario(
            "wifi_fade",
            group,
            "3.4.2",
            "A 10 MB download while Wi-Fi fades: 20 Mbit/s with a 1 ms Wi-Fi jitter (999 us),"
                + " then from 1 s to 3 s 18 Mbit/s with 12 ms Wi-Fi jitter, then back; 80 ms RTT,"
                + " 80 ms queue.",
            "The draft says the rate drops to 2 Mbit/s; the reference drops it to 0.9 times the"
                + " rate (18 Mbit/s) since picoquic commit 8c84630f (2025-05). The draft calls the"
                + " 40 ms one-way delay an '80ms latency': the RTT is 80 ms."));
    list.add(
        new Scenario(
            "wifi_suspension",
            group,
            "3.4.3",
            "A 10 MB download over a link that stops for 200 ms every 2 s (at 1.8-2.0 s,"
                + " 3.8-4.0 s, ...): 20 Mbit/s, 10 ms RTT, 20 ms queue, no jitter. Tests"
                + " recovery from repeated short suspensions.",
            "The draft speaks of an 'RTT before jitter'; there is no jitter. The queue (20 ms)"
                + " is not in the draft."));
    list.add(
        new Scenario(
            "wifi_bad_bbr",
            group,
            "3.4.4",
            "A 4 MB main download starting at 1 s, against a 10 MB BBR download started at 0,"
                + " over the bad Wi-Fi path (10 Mbit/s, 2 ms RTT, 7 ms Wi-Fi jitter, 250 ms queue).",
            "The queue (250 ms in all three files) is not in the draft."));
    list.add(
        new Scenario(
            "wifi_bad_c4",
            group,
            "3.4.4",
            "A 4 MB main download starting at 1 s, against a 10 MB C4 download started at 0,"
                + " over the bad Wi-Fi path (10 Mbit/s, 2 ms RTT, 7 ms Wi-Fi jitter, 250 ms queue).",
            "The queue (250 ms) is not in the draft. cubic_wifi_bad_c4 reuses c4's ICID"
                + " (badfc4c4), so the draft's RTT and load cells for cubic may come from the c4"
                + " run."));
    list.add(
        new Scenario(
            "wifi_bad_cubic",
            group,
            "3.4.4",
            "A 4 MB main download starting at 1 s, against a 10 MB Cubic download started at 0,"
                + " over the bad Wi-Fi path (10 Mbit/s, 2 ms RTT, 7 ms Wi-Fi jitter, 250 ms queue).",
            "The queue (250 ms in all three files) is not in the draft."));

    group = ScenarioGroup.ECN;
    String aqm =
        " Both links run the DualQ AQM (l4s_max 15 ms); its byte limit is (100 - 40) ms worth"
            + " of the rate, 60 ms, not the 1 BDP the draft says.";
    String marking =
        " The draft says only C4 marks ECT(1); current picoquic_ns marks every packet with its"
            + " context's default codepoint (ECT(0)), older versions marked all ECT(1): the"
            + " runner has to pick one and say so.";
    list.add(
        new Scenario(
            "ecn",
            group,
            "3.5.1",
            "A 10 MB download alone through an L4S DualQ AQM: 20 Mbit/s, 80 ms RTT, queue limit"
                + " 100 ms. Tests the reaction to ECN congestion marks.",
            aqm.strip() + marking));
    String ecnCompete =
        " The draft gives no sizes or start times: the main connection (10 MB) starts at 1 s"
            + " (the files set main_start_time twice, 0 then 1000000; the last wins), the"
            + " background (20 MB) at 0.";
    list.add(
        new Scenario(
            "ecn_c4",
            group,
            "3.5.2",
            "A 10 MB main download against a 20 MB C4 download on the ECN path (20 Mbit/s, 80 ms"
                + " RTT, DualQ).",
            ecnCompete.strip() + aqm + marking));
    list.add(
        new Scenario(
            "ecn_cubic",
            group,
            "3.5.2",
            "A 10 MB main download against a 20 MB Cubic download on the ECN path (20 Mbit/s, 80"
                + " ms RTT, DualQ).",
            ecnCompete.strip() + aqm + marking));
    list.add(
        new Scenario(
            "ecn_bbr",
            group,
            "3.5.2",
            "A 10 MB main download against a 20 MB BBR download on the ECN path (20 Mbit/s, 80 ms"
                + " RTT, DualQ).",
            ecnCompete.strip() + aqm + marking));

    group = ScenarioGroup.MEDIA;
    String mix =
        " The mix: 80-byte audio datagrams at 50/s (priority 2), and two 30 fps video layers in"
            + " groups of 30 frames, one stream per group: vlow (37,500-byte I frame, 3,750-byte P"
            + " frames, priority 4) and vmid (62,500 / 6,250 bytes, priority 6, abandoned when 250"
            + " ms late). Audio and vlow are checked; vmid is excluded.";
    String groups =
        "The draft says a group is an I frame and 149 P frames; with groups of 30 it is 1 + 29.";
    list.add(
        new Scenario(
            "media",
            group,
            "3.6.1",
            "5 seconds of the draft's media mix on a fast path: 100 Mbit/s, 30 ms RTT, 100 ms"
                + " queue; statistics from 200 ms."
                + mix,
            groups));
    list.add(
        new Scenario(
            "media10",
            group,
            "3.6.2",
            "5 seconds of the media mix on 10 Mbit/s, 40 ms RTT, 100 ms queue; statistics from"
                + " 200 ms.",
            groups));
    list.add(
        new Scenario(
            "media_600fr",
            group,
            "3.6.3",
            "20 seconds of video (600 frames per layer) on 100 Mbit/s, 30 ms RTT, 100 ms queue:"
                + " does media latency drift over time?",
            "The draft calls it 'media600'. Its audio has 360 datagrams, so it stops at 7.2 s,"
                + " not at 20 s. "
                + groups));
    list.add(
        new Scenario(
            "media_short_long",
            group,
            "3.6.4",
            "10 seconds of video (audio only 4 s) while the RTT grows from 30 ms to 100 ms after"
                + " 1 s, from custom link text: down 100 Mbit/s, up 10 Mbit/s; queue 100 ms, then"
                + " 200 ms. Video statistics start at 5 s.",
            "The draft does not say the return path is only 10 Mbit/s (the only asymmetric path"
                + " of the draft). Audio ends at 4 s, before the 5 s statistics start, but audio"
                + " datagrams are never filtered by that start, so they count in full, including"
                + " the RTT change."));
    list.add(
        new Scenario(
            "media_wb",
            group,
            "3.6.5",
            "5 seconds of the media mix over bad Wi-Fi: 20 Mbit/s, 2 ms RTT, 7 ms Wi-Fi jitter,"
                + " 100 ms queue.",
            "The c4 file's thresholds are 230000/850000 us (an older copy, quoted by an earlier"
                + " draft, had 105000/410000)."
                + wifiModel));
    list.add(
        new Scenario(
            "media_wf",
            group,
            "3.6.6",
            "5 seconds of the media mix over fading Wi-Fi (the wifi_fade link on 20 Mbit/s, 40"
                + " ms RTT, 100 ms queue).",
            "The draft says the rate drops to 2 Mbit/s; the reference drops it to 18 Mbit/s (0.9"
                + " times). The c4 file sets main_cc_options: D, which current C4 ignores."));
    list.add(
        new Scenario(
            "media_ws",
            group,
            "3.6.7",
            "5 seconds of the media mix over the wifi_suspension link (20 Mbit/s, 10 ms RTT,"
                + " 200 ms outage every 2 s) with a 100 ms queue.",
            "The draft opens with 'The varying Wi-Fi media test' (a copy slip). The queue is 100"
                + " ms here, 20 ms in wifi_suspension."));
    list.add(
        new Scenario(
            "media_ecn",
            group,
            "3.6.8",
            "5 seconds of the media mix through the DualQ AQM: 20 Mbit/s, 30 ms RTT, l4s_max 15"
                + " ms, queue limit 100 ms (AQM byte limit 85 ms worth).",
            "The draft opens with 'The varying Wi-Fi media test' (a copy slip) and says the set"
                + " up is like the ecn test; the RTT is 30 ms, not 80 ms."
                + marking));
    list.add(
        new Scenario(
            "media_backload",
            group,
            "3.6.9",
            "Media while the return path is congested: 20 Mbit/s both ways, 20 ms RTT; a Cubic"
                + " connection starting at 2 s uploads 10 MB on the client-to-server link that"
                + " carries the media connection's acknowledgements. Its own mix: audio a0 for 2 s"
                + " then a1 for 10 s, vlow with 16,000 / 1,600-byte frames and vmid, 12 s each.",
            "The draft says it uses the network of the media test and a Cubic connection"
                + " 'downloading' 10 MB: the path is 20 Mbit/s and 20 ms RTT, the video mix is"
                + " lighter, and the Cubic connection uploads (=b1:10000000:128;), which is what"
                + " loads the feedback path. The queue is 105 ms in the c4 file, 100 ms in the bbr"
                + " and cubic files."));
    return List.copyOf(list);
  }
}
