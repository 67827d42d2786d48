/**
 * picoquic_ns spec files: {@link dev.moqbed.scenarios.spec.SimSpec} holds every key the reference
 * simulator reads, {@link dev.moqbed.scenarios.spec.SimSpecParser} reads the text format with
 * one-line, line-numbered errors, and {@link dev.moqbed.scenarios.spec.SimSpec#linkSchedule()}
 * builds the links as picoquic_ns does.
 */
package dev.moqbed.scenarios.spec;
