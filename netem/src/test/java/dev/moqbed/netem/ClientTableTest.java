package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientTableTest {
  private static InetSocketAddress client(int port) {
    return new InetSocketAddress("127.0.0.1", port);
  }

  @Test
  void shouldHoldAtMostItsLimitAndForgetIdleClients() {
    ClientTable<String> table = new ClientTable<>(2, 1_000);
    table.add(client(1), "a", 0);
    table.add(client(2), "b", 0);
    assertTrue(table.isFull());
    assertThrows(IllegalStateException.class, () -> table.add(client(3), "c", 0));
    assertEquals("a", table.touch(client(1), 600));
    assertNull(table.touch(client(3), 600));
    assertEquals(List.of("b"), table.expire(1_000)); // b silent since 0; a touched at 600
    assertFalse(table.isFull());
    assertEquals(List.of(), table.expire(1_599));
    assertEquals(List.of("a"), table.expire(1_600));
    assertEquals(0, table.size());
  }

  @Test
  void shouldRefuseADuplicateAndGiveEverythingBackWhenCleared() {
    ClientTable<String> table = new ClientTable<>(4, 1_000);
    table.add(client(1), "a", 0);
    assertThrows(IllegalStateException.class, () -> table.add(client(1), "again", 0));
    table.add(client(2), "b", 0);
    assertEquals(2, table.clear().size());
    assertEquals(0, table.size());
    assertThrows(IllegalArgumentException.class, () -> new ClientTable<String>(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new ClientTable<String>(1, 0));
  }
}
