package dev.moqbed.app;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.moqbed.layeringfixture.WallClockOffender;
import dev.moqbed.media.TrackName;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The module rules of ARCHITECTURE.md, checked on the compiled classes of every module: {@code cc}
 * imports the JDK only; only the edges (the application, the live roles and the Netty adapter) read
 * the wall clock, sleep or draw unseeded randomness; only the Netty adapter imports {@code
 * io.netty}; only the application imports picocli; the modules above the roles depend downwards
 * only; no package cycle; no two public types of one name.
 */
class LayeringTest {
  private static final String BASE = "dev.moqbed";

  /**
   * Packages that may touch the real world: the application, the live roles, the link emulator on
   * real sockets, the Netty adapter, and the UDP driver of the project's QUIC stack (sockets,
   * connection ids from a SecureRandom), and the collector and its senders (TCP sockets, threads of
   * their own, pauses between retries).
   */
  private static final String[] EDGE = {
    "dev.moqbed.app..",
    "dev.moqbed.live..",
    "dev.moqbed.netem..",
    "dev.moqbed.netty..",
    "dev.moqbed.transport.udp..",
    "dev.moqbed.collect.."
  };

  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(BASE);

  static final ArchRule CC_USES_JDK_ONLY =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.cc..")
          .should()
          .dependOnClassesThat()
          .resideOutsideOfPackages("java..", "dev.moqbed.cc..")
          .because("controllers are plain objects that run on any host");

  static final ArchRule NO_WALL_CLOCK_BELOW_THE_EDGE =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed..")
          .and()
          .resideOutsideOfPackages(EDGE)
          .should()
          .callMethod(System.class, "nanoTime")
          .orShould()
          .callMethod(System.class, "currentTimeMillis")
          .orShould()
          .callMethod(java.time.Instant.class, "now")
          .orShould()
          .callMethod(java.time.LocalDateTime.class, "now")
          .orShould()
          .callMethod(Thread.class, "sleep", long.class)
          .orShould()
          .callMethod(Math.class, "random")
          .orShould()
          .callConstructor(Random.class)
          .orShould()
          .callConstructor(java.util.SplittableRandom.class)
          .orShould()
          .callMethod(java.util.concurrent.ThreadLocalRandom.class, "current")
          .because("simulations must be deterministic: time and randomness come from the runtime");

  static final ArchRule NETTY_ONLY_IN_ADAPTER =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed..")
          .and()
          .resideOutsideOfPackages("dev.moqbed.netty..", "dev.moqbed.transport.udp..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.netty..")
          .allowEmptyShould(true);

  /**
   * The UDP driver sits above the transport and beside the Netty adapter: it runs the transport's
   * connection and codec, and takes from the adapter only the event-loop scheduler.
   */
  static final ArchRule UDP_DRIVER_USES_TRANSPORT_AND_THE_LOOP =
      classes()
          .that()
          .resideInAPackage("dev.moqbed.transport.udp..")
          .and()
          .resideOutsideOfPackage("dev.moqbed.transport.udp.bench..")
          .should()
          .onlyDependOnClassesThat(
              resideInAnyPackage(
                      "java..",
                      "io.netty..",
                      "dev.moqbed.transport..",
                      "dev.moqbed.cc..",
                      "dev.moqbed.runtime..")
                  .or(equivalentTo(dev.moqbed.netty.EventLoopScheduler.class)));

  /**
   * The loopback bench also runs quiche's side (netty-quic's client, server and connection, and the
   * session's transport interfaces that connection implements); the driver itself does not.
   */
  static final ArchRule UDP_BENCH_USES_THE_DRIVER_AND_QUICHE =
      classes()
          .that()
          .resideInAPackage("dev.moqbed.transport.udp.bench..")
          .should()
          .onlyDependOnClassesThat(
              resideInAnyPackage(
                  "java..",
                  "io.netty..",
                  "dev.moqbed.transport..",
                  "dev.moqbed.cc..",
                  "dev.moqbed.runtime..",
                  "dev.moqbed.netty..",
                  "dev.moqbed.session.transport..",
                  "dev.moqbed.quicperf..",
                  // HotSpot's per-thread allocation counter, for the bench's bytes per packet
                  "com.sun.management.."));

  /** The transport model and its codec know nothing of sockets: the driver is above them. */
  static final ArchRule TRANSPORT_KNOWS_NO_UDP_DRIVER =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.transport..")
          .and()
          .resideOutsideOfPackage("dev.moqbed.transport.udp..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.moqbed.transport.udp..");

  /**
   * quicperf is an application of the transport, as picoquic keeps it in {@code picohttp/}: it sits
   * above the transport, which must not reach up into it (the loopback bench, above both, may).
   */
  static final ArchRule TRANSPORT_KNOWS_NO_QUICPERF =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.transport..")
          .and()
          .resideOutsideOfPackage("dev.moqbed.transport.udp.bench..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.moqbed.quicperf..")
          .because("quicperf is an application above the transport, not part of it");

  static final ArchRule PICOCLI_ONLY_IN_APP =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed..")
          .and()
          .resideOutsideOfPackage("dev.moqbed.app..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("picocli..");

  static final ArchRule ROLES_SEE_ONLY_THE_SESSION =
      noClasses()
          .that()
          .resideInAnyPackage(
              "dev.moqbed.session..",
              "dev.moqbed.publisher..",
              "dev.moqbed.relay..",
              "dev.moqbed.subscriber..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.moqbed.netty..", "dev.moqbed.transport..", "dev.moqbed.netsim..")
          .because("the roles run unchanged over Netty, in memory and on the transport model");

  /** Nothing but the application depends on the application. */
  static final ArchRule NOTHING_DEPENDS_ON_APP =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.moqbed.app..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.moqbed.app..");

  /** The live roles run on real sockets: no simulated network, no transport model, no sweeps. */
  static final ArchRule LIVE_KNOWS_NO_SIMULATION =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.live..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.moqbed.netsim..",
              "dev.moqbed.simulation..",
              "dev.moqbed.suite..",
              "dev.moqbed.scenarios..");

  /**
   * The simulator's links are a pure model: no socket, no channel, no Netty. What runs them on real
   * sockets is the link emulator above them (module netem).
   */
  static final ArchRule NETSIM_IS_A_PURE_MODEL =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.netsim..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "java.net..", "java.nio.channels..", "dev.moqbed.netty..", "dev.moqbed.netem..")
          .because("the same link code runs in virtual time and, through netem, on sockets");

  /**
   * The link emulator is netsim's links on sockets, nothing more: no transport model, no roles, no
   * simulations, scenarios or live chain (the application resolves scenario names for it).
   */
  static final ArchRule NETEM_IS_LINKS_ON_SOCKETS =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.netem..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.moqbed.transport.quic..",
              "dev.moqbed.session..",
              "dev.moqbed.relay..",
              "dev.moqbed.publisher..",
              "dev.moqbed.subscriber..",
              "dev.moqbed.simulation..",
              "dev.moqbed.scenarios..",
              "dev.moqbed.suite..",
              "dev.moqbed.live..");

  /**
   * The collector sits above the sweeps' files and the roles' records: only the application wires
   * it to the roles, and it knows no transport (its records are the same from every stack).
   */
  static final ArchRule ONLY_APP_USES_COLLECT =
      noClasses()
          .that()
          .resideOutsideOfPackages("dev.moqbed.app..", "dev.moqbed.collect..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.moqbed.collect..");

  static final ArchRule COLLECT_KNOWS_NO_TRANSPORT =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.collect..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.moqbed.netty..",
              "dev.moqbed.live..",
              "dev.moqbed.transport..",
              "dev.moqbed.netsim..");

  /** Simulations run in virtual time only: no Netty adapter, no live roles, no sweeps above. */
  static final ArchRule SIMULATION_KNOWS_NOTHING_ABOVE =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.simulation..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.moqbed.netty..",
              "dev.moqbed.live..",
              "dev.moqbed.netem..",
              "dev.moqbed.suite..");

  /** Sweeps and reports are made of simulations and their records, never of live runs. */
  static final ArchRule SUITE_KNOWS_NO_LIVE =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.suite..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.moqbed.netty..", "dev.moqbed.live..", "dev.moqbed.netem..");

  /** The scenario definitions are data: nothing that runs them. */
  static final ArchRule SCENARIOS_ARE_DATA =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.scenarios..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.moqbed.transport..", "dev.moqbed.simulation..", "dev.moqbed.suite..");

  /**
   * Tables and statistics are plain views: they know no model, only the JDK and the CSV and JSON
   * libraries they write and read with (HdrHistogram's interval log among them), and the
   * distributions their intervals take quantiles of.
   */
  static final ArchRule OUTPUT_USES_JDK_ONLY =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed.output..")
          .should()
          .dependOnClassesThat()
          .resideOutsideOfPackages(
              "java..",
              "dev.moqbed.output..",
              "org.apache.commons.csv..",
              "com.fasterxml.jackson.core..",
              "com.fasterxml.jackson.jr..",
              "org.apache.commons.statistics.distribution..",
              "org.HdrHistogram..");

  /**
   * HTTP/3 and WebTransport are sans-IO codecs and state machines: bytes in, bytes and events out.
   * They take QUIC varints and byte buffers from the MoQT codec's wire package and nothing else of
   * the project, and no socket, channel, thread or transport, so the same code runs over the
   * project's QUIC stack, Netty's, or an in-memory pair.
   */
  static final ArchRule WEBTRANSPORT_IS_SANS_IO =
      classes()
          .that()
          .resideInAPackage("dev.moqbed.webtransport..")
          .should()
          .onlyDependOnClassesThat(
              resideInAnyPackage(
                  "java.lang",
                  "java.lang.invoke",
                  "java.lang.runtime",
                  "java.util..",
                  "java.io",
                  "java.nio",
                  "java.nio.charset",
                  "dev.moqbed.webtransport..",
                  "dev.moqbed.media.moqt.wire.."))
          .because("the HTTP/3 layer must run on any QUIC connection, in virtual or real time");

  static final ArchRule NO_PACKAGE_CYCLES =
      slices().matching("dev.moqbed.(**)").should().beFreeOfCycles();

  @Test
  void shouldKeepRolesAndSessionIndependentOfTheirTransports() {
    ROLES_SEE_ONLY_THE_SESSION.check(PRODUCTION);
  }

  @Test
  void shouldKeepCcFreeOfDependencies() {
    CC_USES_JDK_ONLY.check(PRODUCTION);
  }

  @Test
  void shouldKeepWallClockAndUnseededRandomOutOfProtocolCode() {
    NO_WALL_CLOCK_BELOW_THE_EDGE.check(PRODUCTION);
  }

  @Test
  void shouldKeepNettyInItsAdapter() {
    NETTY_ONLY_IN_ADAPTER.check(PRODUCTION);
  }

  @Test
  void shouldLayerTheUdpDriverAboveTheTransport() {
    UDP_DRIVER_USES_TRANSPORT_AND_THE_LOOP.check(PRODUCTION);
    UDP_BENCH_USES_THE_DRIVER_AND_QUICHE.check(PRODUCTION);
    TRANSPORT_KNOWS_NO_UDP_DRIVER.check(PRODUCTION);
  }

  @Test
  void shouldKeepQuicperfAboveTheTransport() {
    TRANSPORT_KNOWS_NO_QUICPERF.check(PRODUCTION);
    JavaClasses offender =
        new ClassFileImporter()
            .importClasses(dev.moqbed.transport.layeringfixture.QuicperfImporter.class);
    assertThrows(AssertionError.class, () -> TRANSPORT_KNOWS_NO_QUICPERF.check(offender));
  }

  @Test
  void shouldKeepPicocliInTheApplication() {
    PICOCLI_ONLY_IN_APP.check(PRODUCTION);
  }

  @Test
  void shouldLayerTheModulesAboveTheRoles() {
    NOTHING_DEPENDS_ON_APP.check(PRODUCTION);
    LIVE_KNOWS_NO_SIMULATION.check(PRODUCTION);
    SIMULATION_KNOWS_NOTHING_ABOVE.check(PRODUCTION);
    SUITE_KNOWS_NO_LIVE.check(PRODUCTION);
    SCENARIOS_ARE_DATA.check(PRODUCTION);
    OUTPUT_USES_JDK_ONLY.check(PRODUCTION);
    NETSIM_IS_A_PURE_MODEL.check(PRODUCTION);
    NETEM_IS_LINKS_ON_SOCKETS.check(PRODUCTION);
    ONLY_APP_USES_COLLECT.check(PRODUCTION);
    COLLECT_KNOWS_NO_TRANSPORT.check(PRODUCTION);
  }

  @Test
  void shouldKeepWebTransportSansIo() {
    WEBTRANSPORT_IS_SANS_IO.check(PRODUCTION);
  }

  @Test
  void shouldHaveNoCycleBetweenPackages() {
    NO_PACKAGE_CYCLES.check(PRODUCTION);
  }

  @Test
  void shouldGiveEveryPublicTypeItsOwnName() {
    assertEquals(Map.of(), publicTypesSharingAName(PRODUCTION), "public types of one simple name");
  }

  @Test
  void shouldCatchViolationsWhenTheyExist() {
    // The rules are only worth something if they fire: check them on a class that breaks them.
    JavaClasses offender = new ClassFileImporter().importClasses(WallClockOffender.class);
    assertThrows(AssertionError.class, () -> NO_WALL_CLOCK_BELOW_THE_EDGE.check(offender));
    JavaClasses twins =
        new ClassFileImporter()
            .importClasses(dev.moqbed.layeringfixture.TrackName.class, TrackName.class);
    assertEquals(
        Map.of(
            "TrackName", Set.of("dev.moqbed.layeringfixture.TrackName", TrackName.class.getName())),
        publicTypesSharingAName(twins));
  }

  /**
   * Public types of one simple name in different modules, where a reader who meets the name would
   * have to check the import to know which one it is: two top-level types, or a nested type and a
   * top-level one. Nested types that share a name with other nested types only ({@code Builder},
   * {@code Options}, {@code Result}) are always read with their outer class and are allowed.
   */
  private static Map<String, Set<String>> publicTypesSharingAName(JavaClasses classes) {
    Map<String, Set<String>> topLevel = new TreeMap<>();
    Map<String, Set<String>> nested = new TreeMap<>();
    for (JavaClass type : classes) {
      if (type.getModifiers().contains(JavaModifier.PUBLIC)
          && !type.isAnonymousClass()
          && !type.getSimpleName().equals("package-info")) {
        (type.isTopLevelClass() ? topLevel : nested)
            .computeIfAbsent(type.getSimpleName(), name -> new TreeSet<>())
            .add(type.getName());
      }
    }
    Map<String, Set<String>> clashes = new TreeMap<>();
    topLevel.forEach(
        (name, types) -> {
          Set<String> all = new TreeSet<>(types);
          all.addAll(nested.getOrDefault(name, Set.of()));
          Set<String> modules = new TreeSet<>();
          all.forEach(type -> modules.add(moduleOf(classes.get(type))));
          if (all.size() > 1 && modules.size() > 1) {
            clashes.put(name, all);
          }
        });
    return clashes;
  }

  /** The Maven module a class was compiled in, from where its class file lies. */
  private static String moduleOf(JavaClass type) {
    String location =
        type.getSource().map(source -> source.getUri().toString()).orElse(type.getName());
    String container = location.replaceFirst("!/.*", ""); // a jar, or a classes directory
    Matcher module = MODULE_DIRECTORY.matcher(container);
    return module.find() ? module.group(1) : container;
  }

  private static final Pattern MODULE_DIRECTORY = Pattern.compile("/([^/]+)/target/");
}
