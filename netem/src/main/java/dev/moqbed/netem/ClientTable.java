package dev.moqbed.netem;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The emulator's clients by address, at most {@code maxClients}, each forgotten once it has sent
 * and received nothing for {@code idleTimeoutMicros}: a scan of many source ports cannot open
 * sockets without bound. Single-threaded (the emulator's loop).
 *
 * @param <T> what the emulator keeps per client
 */
final class ClientTable<T> {
  private final int maxClients;
  private final long idleTimeoutMicros;
  private final Map<InetSocketAddress, Entry<T>> clients = new HashMap<>();

  private static final class Entry<T> {
    final T value;
    long lastActiveMicros;

    Entry(T value, long nowMicros) {
      this.value = value;
      this.lastActiveMicros = nowMicros;
    }
  }

  ClientTable(int maxClients, long idleTimeoutMicros) {
    if (maxClients < 1) {
      throw new IllegalArgumentException("at least one client: " + maxClients);
    }
    if (idleTimeoutMicros <= 0) {
      throw new IllegalArgumentException("the idle timeout must be positive: " + idleTimeoutMicros);
    }
    this.maxClients = maxClients;
    this.idleTimeoutMicros = idleTimeoutMicros;
  }

  /** The client at {@code address}, marked active now, or null if unknown. */
  T touch(InetSocketAddress address, long nowMicros) {
    Entry<T> entry = clients.get(address);
    if (entry == null) {
      return null;
    }
    entry.lastActiveMicros = nowMicros;
    return entry.value;
  }

  /** Whether a new client would be refused. */
  boolean isFull() {
    return clients.size() >= maxClients;
  }

  /**
   * Adds a client (active now).
   *
   * @throws IllegalStateException when full or already known
   */
  void add(InetSocketAddress address, T value, long nowMicros) {
    if (isFull()) {
      throw new IllegalStateException("client table full (" + maxClients + ")");
    }
    if (clients.putIfAbsent(address, new Entry<>(value, nowMicros)) != null) {
      throw new IllegalStateException("client already known: " + address);
    }
  }

  /** Removes and returns the clients idle for at least the timeout at {@code nowMicros}. */
  List<T> expire(long nowMicros) {
    List<T> expired = new ArrayList<>();
    Iterator<Entry<T>> entries = clients.values().iterator();
    while (entries.hasNext()) {
      Entry<T> entry = entries.next();
      if (nowMicros - entry.lastActiveMicros >= idleTimeoutMicros) {
        expired.add(entry.value);
        entries.remove();
      }
    }
    return expired;
  }

  /** The clients known now, in no particular order. */
  List<T> values() {
    List<T> all = new ArrayList<>();
    clients.values().forEach(entry -> all.add(entry.value));
    return all;
  }

  /** Removes every client and returns them. */
  List<T> clear() {
    List<T> all = new ArrayList<>();
    clients.values().forEach(entry -> all.add(entry.value));
    clients.clear();
    return all;
  }

  int size() {
    return clients.size();
  }

  long idleTimeoutMicros() {
    return idleTimeoutMicros;
  }
}
