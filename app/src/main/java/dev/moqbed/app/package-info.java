/**
 * The top of the stack: scenario catalogue, runners, reports and the {@code moqbed} command-line
 * application. The only module that may use picocli, read the wall clock (for progress and run
 * timing, never inside a simulation) and write files.
 */
package dev.moqbed.app;
