package dev.moqbed.media.moqt;

/**
 * An object's place in a track: its group and its object id within the group. Ordered by group,
 * then object (draft-14 §1.4.1).
 */
public record Location(long group, long object) implements Comparable<Location> {
  /** The first possible location, {0, 0}. */
  public static final Location ZERO = new Location(0, 0);

  public Location {
    if (group < 0 || object < 0) {
      throw new IllegalArgumentException("negative location: " + group + "/" + object);
    }
  }

  @Override
  public int compareTo(Location other) {
    int byGroup = Long.compare(group, other.group);
    return byGroup != 0 ? byGroup : Long.compare(object, other.object);
  }

  @Override
  public String toString() {
    return "{" + group + "," + object + "}";
  }
}
