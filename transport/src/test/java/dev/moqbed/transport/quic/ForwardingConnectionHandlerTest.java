package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The forwarding base passes every callback of {@link ConnectionHandler} on: a callback added to
 * the interface and forgotten here would silently reach the interface's no-op default instead.
 */
class ForwardingConnectionHandlerTest {

  @Test
  void everyCallbackReachesTheDelegateWithItsArguments() throws Exception {
    List<String> forwarded = new ArrayList<>();
    ConnectionHandler recorder =
        (ConnectionHandler)
            Proxy.newProxyInstance(
                ConnectionHandler.class.getClassLoader(),
                new Class<?>[] {ConnectionHandler.class},
                (proxy, method, args) -> {
                  forwarded.add(method.getName() + Arrays.toString(args));
                  return null;
                });
    ConnectionHandler forwarding = new ForwardingConnectionHandler(recorder) {};
    Set<String> expected = new TreeSet<>();
    for (Method method : ConnectionHandler.class.getMethods()) {
      Object[] args = arguments(method);
      method.invoke(forwarding, args);
      expected.add(method.getName() + Arrays.toString(args));
    }
    assertEquals(expected, new TreeSet<>(forwarded));
    assertEquals(ConnectionHandler.class.getMethods().length, forwarded.size());
  }

  @Test
  void aHandlerThatChoosesItsDelegatePerConnectionGetsEveryEventThere() {
    List<String> seen = new ArrayList<>();
    ConnectionHandler chosen =
        new ConnectionHandler() {
          @Override
          public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
            seen.add("closed " + errorCode);
          }
        };
    ConnectionHandler choosing =
        new ForwardingConnectionHandler() {
          @Override
          protected ConnectionHandler delegate(QuicConnection connection) {
            seen.add("chose");
            return chosen;
          }
        };
    choosing.onClosed(null, 5, 7);
    assertEquals(List.of("chose", "closed 7"), seen);
  }

  @Test
  void theBaseDeclaresEveryCallback() {
    Set<String> callbacks =
        Arrays.stream(ConnectionHandler.class.getMethods())
            .map(Method::getName)
            .collect(Collectors.toCollection(TreeSet::new));
    Set<String> declared =
        Arrays.stream(ForwardingConnectionHandler.class.getDeclaredMethods())
            .map(Method::getName)
            .filter(callbacks::contains)
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(callbacks, declared);
  }

  /** Distinct values per parameter position, so a swapped argument shows. */
  private static Object[] arguments(Method method) {
    Class<?>[] types = method.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      if (types[i] == long.class) {
        args[i] = 100L + i;
      } else if (types[i] == int.class) {
        args[i] = 200 + i;
      } else if (types[i] == boolean.class) {
        args[i] = i % 2 == 0;
      } else {
        args[i] = null; // the connection, the bytes: passed through untouched
      }
    }
    return args;
  }
}
