package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import picocli.CommandLine.Option;

/**
 * {@code --transport} and {@code --cc} of the live commands: which QUIC stack the endpoints run on
 * and the controller of their sending side, parsed in one place ({@link LiveStack#of}).
 */
final class LiveControllerOption {
  @Option(names = "--transport", paramLabel = "STACK", description = LiveHelp.TRANSPORT_OPTION)
  String transport;

  @Option(names = "--cc", paramLabel = "ID", description = LiveHelp.CC_OPTION)
  String controller;

  /** The stack and controller; a one-line error for an unknown one or a wrong pairing. */
  LiveStack stack() {
    LiveTransport parsed = transport();
    return LiveStack.of(parsed, controller != null ? controller : defaultController(parsed));
  }

  /**
   * The stack on {@code transport} for an endpoint beside the one under test (a chain's clients on
   * another stack than its relay): {@code --cc} when it is a controller of that stack, the stack's
   * default otherwise.
   */
  LiveStack stackOn(LiveTransport transport) {
    boolean fits = controller != null && LiveTransport.ofController(controller) == transport;
    return LiveStack.of(transport, fits ? controller : defaultController(transport));
  }

  /**
   * The transport given with {@code --transport}; without it, the stack of a single {@code --cc}
   * ({@code quiche:*} runs on quiche), else the project's stack.
   */
  LiveTransport transport() {
    if (transport != null) {
      return LiveTransport.parse(transport);
    }
    if (controller != null && !controller.contains(",")) {
      return LiveTransport.ofController(controller);
    }
    return LiveTransport.MOQBED;
  }

  /** The controller named, or the stack's default: quiche's Cubic, or the project's C4. */
  String controllerName() {
    return stack().controller();
  }

  /** {@code --cc} as given, or {@code transport}'s default when none was. */
  String controllerOrDefault(LiveTransport transport) {
    return controller != null ? controller : defaultController(transport);
  }

  private static String defaultController(LiveTransport transport) {
    return transport == LiveTransport.QUICHE ? "quiche:cubic" : "c4";
  }
}
