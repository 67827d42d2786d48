/**
 * Intervals and verdicts over repeated runs: a controller's median with its distribution-free
 * interval, the paired difference of two controllers with Student's t interval, and the minimum
 * effect below which no winner is named (docs/statistics.md).
 */
package dev.moqbed.output.statistics;
