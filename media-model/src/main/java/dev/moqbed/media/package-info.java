/**
 * The MoQ object model: tracks, groups, subgroups and objects with their publisher priority,
 * capture time and flags. Sub-packages hold the picoquic quicperf scenario text ({@code spec}) and
 * the media sources that generate objects from it ({@code source}).
 *
 * <p>Depends on {@code runtime} only; never reads the wall clock.
 */
package dev.moqbed.media;
