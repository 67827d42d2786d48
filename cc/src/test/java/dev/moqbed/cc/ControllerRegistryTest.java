package dev.moqbed.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ControllerRegistryTest {

  /** A provider whose factory remembers the options it read, to test parsing alone. */
  private static final class EchoProvider implements ControllerProvider {
    String flavor;
    boolean hystart;
    double beta;

    @Override
    public String id() {
      return "echo";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public ControllerFactory factory(ControllerOptions options) {
      flavor = options.choice("flavor", "picoquic", "rfc");
      hystart = options.flag("hystart", true);
      beta = options.number("beta", 0.7, 0.0, 1.0);
      String spec = ControllerRegistry.canonicalSpec(id(), options);
      return new ControllerFactory() {
        @Override
        public String spec() {
          return spec;
        }

        @Override
        public CongestionController create(ControllerEnvironment environment) {
          throw new UnsupportedOperationException("parsing test only");
        }
      };
    }
  }

  private final EchoProvider echo = new EchoProvider();
  private final ControllerRegistry registry = new ControllerRegistry(List.of(echo));

  @Test
  void shouldApplyDefaultsWhenNoOptionsAreGiven() {
    assertEquals("echo", registry.parse("echo").spec());
    assertEquals("picoquic", echo.flavor);
    assertEquals(true, echo.hystart);
    assertEquals(0.7, echo.beta);
  }

  @Test
  void shouldReadEveryOptionWhenGiven() {
    assertEquals(
        "echo:flavor=rfc,hystart=off,beta=0.5",
        registry.parse("echo:flavor=RFC, hystart=off ,beta=0.5").spec());
    assertEquals("rfc", echo.flavor);
    assertEquals(false, echo.hystart);
    assertEquals(0.5, echo.beta);
  }

  @Test
  void shouldReadIdsAndOptionsWhateverTheirCase() {
    assertEquals("echo:flavor=rfc", registry.parse("ECHO:Flavor=RFC").spec());
    assertEquals("rfc", echo.flavor);
  }

  @Test
  void shouldListValidIdsWhenIdIsUnknown() {
    var error = assertThrows(IllegalArgumentException.class, () -> registry.parse("vegas"));
    assertEquals("unknown congestion controller 'vegas'; valid: echo", error.getMessage());
  }

  @Test
  void shouldListValidOptionsWhenOptionIsUnknown() {
    var error = assertThrows(IllegalArgumentException.class, () -> registry.parse("echo:gain=2"));
    assertEquals(
        "unknown option 'gain' for echo; valid: flavor, hystart, beta", error.getMessage());
  }

  @Test
  void shouldRejectBadValuesWithOneLine() {
    assertEquals(
        "option flavor=draft of echo is invalid; expected one of picoquic, rfc",
        assertThrows(IllegalArgumentException.class, () -> registry.parse("echo:flavor=draft"))
            .getMessage());
    assertEquals(
        "option beta=2 of echo is invalid; expected a number from 0.0 to 1.0",
        assertThrows(IllegalArgumentException.class, () -> registry.parse("echo:beta=2"))
            .getMessage());
    assertEquals(
        "option 'hystart' of echo is not of the form key=value",
        assertThrows(IllegalArgumentException.class, () -> registry.parse("echo:hystart"))
            .getMessage());
  }
}
