package dev.moqbed.scenarios.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.netsim.JitterModel;
import dev.moqbed.scenarios.spec.SimSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The scenarios beyond the draft: they parse, resolve for every controller, and stay apart. */
class FairnessCatalogTest {
  private static final ScenarioCatalog CATALOG =
      new ScenarioCatalog(ReferenceSpecs.packaged(), ControllerRegistry.standard());

  private static final List<String> CONTROLLERS =
      List.of(
          "c4",
          "c4:variant=v4",
          "bbr",
          "bbr:flavor=draft",
          "cubic",
          "cubic:flavor=rfc",
          "newreno",
          "newreno:flavor=rfc");

  static Stream<Arguments> scenariosAndControllers() {
    List<Arguments> arguments = new ArrayList<>();
    for (Scenario scenario : FairnessCatalog.scenarioList()) {
      for (String controller : CONTROLLERS) {
        arguments.add(Arguments.of(scenario.name(), controller));
      }
    }
    return arguments.stream();
  }

  @Test
  void shouldListEightScenariosOfTheFairnessGroupAfterTheDrafts() {
    List<String> names = CATALOG.beyondDraft().stream().map(Scenario::name).toList();
    assertEquals(
        List.of(
            "fair_newreno",
            "fair_cubic",
            "fair_bbr",
            "fair_c4",
            "fair_wifi_newreno",
            "fair_wifi_cubic",
            "fair_wifi_bbr",
            "fair_wifi_c4"),
        names);
    assertEquals(names, ScenarioGroup.FAIRNESS.scenarios());
    for (Scenario scenario : CATALOG.beyondDraft()) {
      assertEquals(ScenarioGroup.FAIRNESS, scenario.group());
      assertTrue(scenario.deviations().startsWith("Beyond the draft"), scenario.name());
      assertNull(ScenarioGroup.of(scenario.name()), "not a scenario of the draft");
    }
    assertFalse(ScenarioGroup.FAIRNESS.inDraft());
    assertFalse(ScenarioGroup.draftGroups().contains(ScenarioGroup.FAIRNESS));
  }

  @ParameterizedTest
  @MethodSource("scenariosAndControllers")
  void shouldResolveEveryScenarioForEveryController(String name, String controller) {
    ResolvedScenario resolved = CATALOG.resolve(name, controller);
    SimSpec spec = resolved.spec();
    assertEquals(controller, spec.mainCcAlgo());
    assertEquals(controller, resolved.controller());
    assertFalse(resolved.ownFile());
    assertEquals(name + ".txt", resolved.specFile().name());
    assertTrue(
        resolved.specFile().origin().startsWith("classpath:" + FairnessCatalog.RESOURCE_FOLDER));
    String bulk = name.substring(name.lastIndexOf('_') + 1);
    assertEquals(bulk, spec.backgroundCcAlgo());
    assertEquals(2, spec.connectionCount());
    assertEquals(1_000_000, spec.backgroundStartMicros());
    assertEquals(20_000_000L, spec.nominalRateBitsPerSecond());
    assertEquals(20_000, spec.latencyMicros());
    assertEquals(100_000, spec.queueDelayMaxMicros());
    assertEquals(200_000, spec.mediaStatsStartMicros());
    boolean wifi = name.startsWith("fair_wifi_");
    assertEquals(wifi, spec.wifiJitter());
    assertEquals(wifi ? 7_000 : 0, spec.jitterMicros());
    assertEquals(
        wifi ? JitterModel.WIFI : JitterModel.GAUSSIAN, spec.linkSchedule().phase(0).jitterModel());
    List<String> flows = spec.mainScenario().flows().stream().map(MediaFlow::id).toList();
    assertEquals(List.of("a1", "vlow", "vmid"), flows);
    for (MediaFlow flow : spec.mainScenario().flows()) {
      assertEquals(10_000_000, flow.durationMicros(), flow.id() + " lasts 10 s");
    }
    assertEquals(
        "main media a1+vlow+vmid (10 s) vs " + bulk + " 15 MB download at 1 s",
        SpecSummary.traffic(spec));
  }

  @Test
  void shouldKeepTheDraftsScenarioListWithoutTheFairnessOnes() {
    List<String> all = ScenarioGroup.allScenarios();
    assertEquals(43, all.size());
    assertEquals(CATALOG.scenarios().stream().map(Scenario::name).toList(), all);
    assertTrue(all.stream().noneMatch(name -> name.startsWith("fair_")));
  }
}
