package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * The header that opens a subgroup stream: which track (by alias), group and subgroup the objects
 * after it belong to, their publisher priority, and two layout flags.
 *
 * @param subgroupId the subgroup id: 0 for {@link SubgroupIdMode#ZERO}; for {@link
 *     SubgroupIdMode#FIRST_OBJECT_ID} it is {@link #UNRESOLVED} until the first object is known
 *     (see {@link #withFirstObjectId(long)})
 * @param publisherPriority 0 (most urgent) to 255
 * @param extensionsPresent whether every object on the stream carries an extension-headers length
 * @param containsEndOfGroup whether the last object before FIN is the last object of the group
 */
public record SubgroupHeader(
    long trackAlias,
    long groupId,
    SubgroupIdMode subgroupIdMode,
    long subgroupId,
    int publisherPriority,
    boolean extensionsPresent,
    boolean containsEndOfGroup) {
  /** Subgroup id of a {@link SubgroupIdMode#FIRST_OBJECT_ID} header before its first object. */
  public static final long UNRESOLVED = -1;

  public SubgroupHeader {
    Objects.requireNonNull(subgroupIdMode, "subgroupIdMode");
    Priorities.require(publisherPriority, "publisherPriority");
    if (subgroupIdMode == SubgroupIdMode.ZERO && subgroupId != 0) {
      throw new IllegalArgumentException("subgroup id mode ZERO with subgroup id " + subgroupId);
    }
    if (subgroupId < UNRESOLVED
        || (subgroupId == UNRESOLVED && subgroupIdMode != SubgroupIdMode.FIRST_OBJECT_ID)) {
      throw new IllegalArgumentException(
          "bad subgroup id " + subgroupId + " for " + subgroupIdMode);
    }
  }

  /** A header with an explicit subgroup id, no extensions, no end-of-group marker. */
  public static SubgroupHeader of(
      long trackAlias, long groupId, long subgroupId, int publisherPriority) {
    return new SubgroupHeader(
        trackAlias, groupId, SubgroupIdMode.EXPLICIT, subgroupId, publisherPriority, false, false);
  }

  /** This header with the extensions-present flag set to {@code present}. */
  public SubgroupHeader withExtensions(boolean present) {
    return new SubgroupHeader(
        trackAlias,
        groupId,
        subgroupIdMode,
        subgroupId,
        publisherPriority,
        present,
        containsEndOfGroup);
  }

  /** This header with the contains-end-of-group flag set to {@code endOfGroup}. */
  public SubgroupHeader withEndOfGroup(boolean endOfGroup) {
    return new SubgroupHeader(
        trackAlias,
        groupId,
        subgroupIdMode,
        subgroupId,
        publisherPriority,
        extensionsPresent,
        endOfGroup);
  }

  /** True when the subgroup id is known. */
  public boolean isResolved() {
    return subgroupId != UNRESOLVED;
  }

  /**
   * For a {@link SubgroupIdMode#FIRST_OBJECT_ID} header, the same header with the subgroup id set
   * from the stream's first object; other headers are returned unchanged.
   */
  public SubgroupHeader withFirstObjectId(long firstObjectId) {
    if (subgroupIdMode != SubgroupIdMode.FIRST_OBJECT_ID) {
      return this;
    }
    return new SubgroupHeader(
        trackAlias,
        groupId,
        subgroupIdMode,
        firstObjectId,
        publisherPriority,
        extensionsPresent,
        containsEndOfGroup);
  }
}
