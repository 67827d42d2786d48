package dev.moqbed.scenarios;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import dev.moqbed.layeringfixture.WallClockOffender;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The module rules of ARCHITECTURE.md, checked on the compiled classes of every module: {@code cc}
 * imports the JDK only; nothing below {@code scenarios} reads the wall clock, sleeps or draws
 * unseeded randomness; only the Netty adapter imports {@code io.netty}; only {@code scenarios}
 * imports picocli.
 */
class LayeringTest {
  private static final String BASE = "dev.moqbed";

  /** Packages that may touch the real world: the application, and the Netty adapter. */
  private static final String[] EDGE = {"dev.moqbed.scenarios..", "dev.moqbed.quic.."};

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

  static final ArchRule NO_WALL_CLOCK_BELOW_SCENARIOS =
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
          .resideOutsideOfPackage("dev.moqbed.quic..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.netty..")
          .allowEmptyShould(true);

  static final ArchRule PICOCLI_ONLY_IN_SCENARIOS =
      noClasses()
          .that()
          .resideInAPackage("dev.moqbed..")
          .and()
          .resideOutsideOfPackage("dev.moqbed.scenarios..")
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
          .resideInAnyPackage("dev.moqbed.quic..", "dev.moqbed.transport..", "dev.moqbed.netsim..")
          .because("the roles run unchanged over Netty, in memory and on the transport model");

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
    NO_WALL_CLOCK_BELOW_SCENARIOS.check(PRODUCTION);
  }

  @Test
  void shouldKeepNettyInItsAdapter() {
    NETTY_ONLY_IN_ADAPTER.check(PRODUCTION);
  }

  @Test
  void shouldKeepPicocliInScenarios() {
    PICOCLI_ONLY_IN_SCENARIOS.check(PRODUCTION);
  }

  @Test
  void shouldCatchViolationsWhenTheyExist() {
    // The rules are only worth something if they fire: check them on a class that breaks them.
    JavaClasses offender = new ClassFileImporter().importClasses(WallClockOffender.class);
    assertThrows(AssertionError.class, () -> NO_WALL_CLOCK_BELOW_SCENARIOS.check(offender));
  }
}
