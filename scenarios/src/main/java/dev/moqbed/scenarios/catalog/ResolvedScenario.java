package dev.moqbed.scenarios.catalog;

import dev.moqbed.scenarios.spec.SimSpec;

/**
 * A scenario made concrete for one main controller: the spec to run and the file it came from.
 *
 * @param scenario the catalogue entry
 * @param controller the main controller's canonical spec, e.g. {@code c4} or {@code
 *     cubic:flavor=rfc}
 * @param specFile the reference file read
 * @param spec the parameters to run; its main controller is {@code controller}
 * @param ownFile true when {@code specFile} is the controller's own file in the draft (c4, bbr,
 *     cubic); false when the c4 file was used with the main controller replaced
 */
public record ResolvedScenario(
    Scenario scenario, String controller, SpecFile specFile, SimSpec spec, boolean ownFile) {}
