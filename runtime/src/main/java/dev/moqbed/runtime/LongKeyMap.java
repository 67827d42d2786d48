package dev.moqbed.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Values by {@code long} key: open addressing with linear probing over primitive keys, so a lookup
 * allocates nothing (a {@code HashMap<Long, V>} boxes a key per call and follows three pointers to
 * compare it: on a relay's ACK path, per stream frame acknowledged, that was a tenth of its loop).
 * Deletion shifts the entries of its probe run back (no tombstones), and the arrays double at half
 * full. Keys are mixed with a seed first, for tables whose keys a peer may choose (connection ids).
 * Not thread-safe.
 */
public final class LongKeyMap<V> {
  private static final int INITIAL_CAPACITY = 64;

  /** Secret where a peer chooses keys (a client chooses its first connection id's). */
  private final long seed;

  private long[] keys = new long[INITIAL_CAPACITY];
  private V[] values = newArray(INITIAL_CAPACITY);
  private int size;

  /** A map whose keys are mixed with {@code seed}: a secret one where a peer picks the keys. */
  public LongKeyMap(long seed) {
    this.seed = seed;
  }

  public int size() {
    return size;
  }

  public V get(long key) {
    int mask = values.length - 1;
    for (int i = slot(key, mask); values[i] != null; i = (i + 1) & mask) {
      if (keys[i] == key) {
        return values[i];
      }
    }
    return null;
  }

  public boolean containsKey(long key) {
    return get(key) != null;
  }

  /** Adds or replaces the value of {@code key}. */
  public void put(long key, V value) {
    if (2 * (size + 1) > values.length) {
      grow();
    }
    int mask = values.length - 1;
    int i = slot(key, mask);
    while (values[i] != null) {
      if (keys[i] == key) {
        values[i] = value;
        return;
      }
      i = (i + 1) & mask;
    }
    keys[i] = key;
    values[i] = value;
    size++;
  }

  /** Removes the value of {@code key}, if any. */
  public void remove(long key) {
    int mask = values.length - 1;
    int i = slot(key, mask);
    while (values[i] != null && keys[i] != key) {
      i = (i + 1) & mask;
    }
    if (values[i] == null) {
      return;
    }
    values[i] = null;
    size--;
    // Moves back every later entry of the run whose home slot the hole now separates it from.
    int hole = i;
    for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
      int home = slot(keys[j], mask);
      boolean reachable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (reachable) {
        keys[hole] = keys[j];
        values[hole] = values[j];
        values[j] = null;
        hole = j;
      }
    }
  }

  /** A copy of the values, in no particular order: to act on them while the map changes. */
  public List<V> values() {
    List<V> all = new ArrayList<>(size);
    for (V value : values) {
      if (value != null) {
        all.add(value);
      }
    }
    return all;
  }

  @SuppressWarnings("unchecked")
  private static <V> V[] newArray(int length) {
    return (V[]) new Object[length];
  }

  private void grow() {
    long[] oldKeys = keys;
    V[] oldValues = values;
    keys = new long[oldKeys.length * 2];
    values = newArray(oldValues.length * 2);
    size = 0;
    for (int i = 0; i < oldValues.length; i++) {
      if (oldValues[i] != null) {
        put(oldKeys[i], oldValues[i]);
      }
    }
  }

  /** Mixed with the seed and spread by the golden ratio: sequential keys land far apart. */
  private int slot(long key, int mask) {
    long mixed = (key ^ seed) * 0x9E3779B97F4A7C15L;
    return (int) (mixed ^ (mixed >>> 32)) & mask;
  }
}
