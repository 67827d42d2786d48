package dev.moqbed.transport.endpoint;

import java.util.ArrayList;
import java.util.List;

/**
 * Connections by routing key (the 8 bytes of an id this endpoint made, as a {@code long}): open
 * addressing with linear probing over primitive keys, so a lookup per datagram allocates nothing.
 * Deletion shifts the entries of its probe run back (no tombstones), and the arrays double at half
 * full. Single-threaded, as the endpoint.
 */
final class ConnectionTable<S extends ConnectionSender> {
  private static final int INITIAL_CAPACITY = 64;

  /** Secret: a client chooses the key of its first id, and must not choose colliding ones. */
  private final long seed;

  private long[] keys = new long[INITIAL_CAPACITY];
  private EndpointConnection<S>[] values = newArray(INITIAL_CAPACITY);
  private int size;

  ConnectionTable(long seed) {
    this.seed = seed;
  }

  int size() {
    return size;
  }

  EndpointConnection<S> get(long key) {
    int mask = values.length - 1;
    for (int i = slot(key, mask); values[i] != null; i = (i + 1) & mask) {
      if (keys[i] == key) {
        return values[i];
      }
    }
    return null;
  }

  boolean containsKey(long key) {
    return get(key) != null;
  }

  /** Adds or replaces the connection of {@code key}. */
  void put(long key, EndpointConnection<S> connection) {
    if (2 * (size + 1) > values.length) {
      grow();
    }
    int mask = values.length - 1;
    int i = slot(key, mask);
    while (values[i] != null) {
      if (keys[i] == key) {
        values[i] = connection;
        return;
      }
      i = (i + 1) & mask;
    }
    keys[i] = key;
    values[i] = connection;
    size++;
  }

  void remove(long key) {
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

  /** A copy of the connections, to free them while the table changes. */
  List<EndpointConnection<S>> values() {
    List<EndpointConnection<S>> all = new ArrayList<>(size);
    for (EndpointConnection<S> connection : values) {
      if (connection != null) {
        all.add(connection);
      }
    }
    return all;
  }

  @SuppressWarnings("unchecked")
  private static <S extends ConnectionSender> EndpointConnection<S>[] newArray(int length) {
    return (EndpointConnection<S>[]) new EndpointConnection<?>[length];
  }

  private void grow() {
    long[] oldKeys = keys;
    EndpointConnection<S>[] oldValues = values;
    keys = new long[oldKeys.length * 2];
    values = newArray(oldValues.length * 2);
    size = 0;
    for (int i = 0; i < oldValues.length; i++) {
      if (oldValues[i] != null) {
        put(oldKeys[i], oldValues[i]);
      }
    }
  }

  /** The keys are random bytes, but a client may choose them: mixed with the seed first. */
  private int slot(long key, int mask) {
    long mixed = (key ^ seed) * 0x9E3779B97F4A7C15L;
    return (int) (mixed ^ (mixed >>> 32)) & mask;
  }
}
