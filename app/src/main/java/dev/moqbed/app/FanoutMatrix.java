package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code bench fanout --transport LIST --cc LIST} runs: each controller on each stack that has
 * it. A bare name runs on quiche as quiche's controller of that family ({@code cubic} as {@code
 * quiche:cubic}, {@code newreno} as {@code quiche:reno}); a name only one stack has ({@code c4},
 * {@code quiche:bbr}) runs on that stack alone. Pairs that do not exist are skipped and named.
 */
record FanoutMatrix(List<LiveStack> stacks, List<String> skipped) {
  private static final Map<String, String> QUICHE_NAMES =
      Map.of("cubic", "quiche:cubic", "bbr", "quiche:bbr", "newreno", "quiche:reno");

  /**
   * @throws IllegalArgumentException for an unknown stack or controller, or when no pair exists
   */
  static FanoutMatrix of(List<String> transports, List<String> controllers) {
    List<LiveStack> stacks = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (String transportText : transports) {
      LiveTransport transport = LiveTransport.parse(transportText.strip());
      for (String controllerText : controllers) {
        String controller = controllerText.strip().toLowerCase(Locale.ROOT);
        if (controller.isEmpty()) {
          throw new IllegalArgumentException("--cc: an empty controller name");
        }
        String onStack = nameOn(transport, controller);
        if (onStack == null) {
          LiveStack.of(LiveTransport.ofController(controller), controller); // unknown: say so
          skipped.add(controller + " on " + transport.id());
        } else {
          stacks.add(LiveStack.of(transport, onStack));
        }
      }
    }
    if (stacks.isEmpty()) {
      // One pair: the stack's own words for why it lacks that controller.
      LiveStack.of(LiveTransport.parse(transports.get(0).strip()), controllers.get(0).strip());
      throw new IllegalArgumentException(
          "no controller of --cc runs on the stacks of --transport: " + String.join(", ", skipped));
    }
    return new FanoutMatrix(List.copyOf(stacks), List.copyOf(skipped));
  }

  /** {@code controller} as {@code transport} names it, or null when that stack lacks it. */
  private static String nameOn(LiveTransport transport, String controller) {
    boolean quiches = LiveTransport.ofController(controller) == LiveTransport.QUICHE;
    if (transport == LiveTransport.QUICHE) {
      if (quiches) {
        return controller;
      }
      return controller.contains(":") ? null : QUICHE_NAMES.get(controller);
    }
    return quiches ? null : controller;
  }
}
