/**
 * The scenarios of draft-huitema-ccwg-c4-test-05: {@link
 * dev.moqbed.scenarios.catalog.ScenarioCatalog} names each table row, says what it tests and where
 * the draft's prose differs from the reference, and resolves it to a spec for a main controller
 * from the reference spec files ({@link dev.moqbed.scenarios.catalog.ReferenceSpecs}).
 */
package dev.moqbed.scenarios.catalog;
