package dev.moqbed.media.moqt;

/** How a SUBGROUP_HEADER conveys its subgroup id. */
public enum SubgroupIdMode {
  /** No field; the subgroup id is 0. */
  ZERO,
  /** No field; the subgroup id is the id of the first object on the stream. */
  FIRST_OBJECT_ID,
  /** The header carries the subgroup id. */
  EXPLICIT
}
