package dev.moqbed.session.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the seed corpus of {@link MoqtSessionFuzzTest}: of a few thousand seeded random scripts,
 * the ones whose peer got deepest into the session (most events heard by the role), four for each
 * way a run ends: still open, closed by the session, closed by the peer. Not part of the normal
 * run; see docs/security.md for the command.
 */
@EnabledIfSystemProperty(named = "fuzz.writeSeeds", matches = "true")
class SessionSeedWriter {
  private static final Path INPUTS =
      Path.of(
          "src/test/resources/dev/moqbed/session/fuzz/MoqtSessionFuzzTestInputs/survivesAnyPeer");

  private static final int CANDIDATES = 5_000;
  private static final int SEEDS_PER_ENDING = 4;

  private record Candidate(byte[] input, int events, String ending) {}

  @Test
  void writeSessionSeeds() throws IOException {
    SplittableRandom random = new SplittableRandom(0x5EED_5E55L);
    List<Candidate> candidates = new ArrayList<>();
    for (int i = 0; i < CANDIDATES; i++) {
      byte[] input = new byte[64 + random.nextInt(960)];
      random.nextBytes(input);
      input[1] |= 1; // start with a correct setup, or the session rarely gets past it
      SessionScenario.Outcome outcome = SessionScenario.play(input);
      candidates.add(new Candidate(input, outcome.watcher().events(), ending(outcome)));
    }
    Files.createDirectories(INPUTS);
    for (String ending : List.of("open", "closed", "peer-closed")) {
      List<Candidate> best =
          candidates.stream()
              .filter(c -> c.ending().equals(ending))
              .sorted(Comparator.comparingInt(Candidate::events).reversed())
              .limit(SEEDS_PER_ENDING)
              .toList();
      for (int i = 0; i < best.size(); i++) {
        Files.write(INPUTS.resolve(ending + "-" + i), best.get(i).input());
      }
    }
  }

  private static String ending(SessionScenario.Outcome outcome) {
    if (!outcome.session().isClosed()) {
      return "open";
    }
    return outcome.peerClosed() ? "peer-closed" : "closed";
  }
}
