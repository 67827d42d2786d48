/**
 * The C4 test suite: what one run of a scenario produces ({@link dev.moqbed.simulation.RunRecord}),
 * how a run is made ({@link dev.moqbed.suite.ScenarioRunner}), sweeps over scenarios, controllers
 * and seeds, and the reports that put the results beside the draft's published numbers.
 */
package dev.moqbed.suite;
