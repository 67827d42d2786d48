package dev.moqbed.live;

import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * What lies between the chain's last relay and its subscribers: nothing ({@link #DIRECT}), or
 * something the application opens there, such as a link emulator whose down direction is the
 * relay's sending side. The live module knows only the addresses; whatever is in between is the
 * application's.
 */
public interface SubscriberRoute {
  /** The subscribers dial the relay itself. */
  SubscriberRoute DIRECT =
      relay ->
          new Opened() {
            @Override
            public InetSocketAddress address() {
              return relay;
            }

            @Override
            public void close() {}
          };

  /** Opens the way to {@code relay} for one chain run; the chain closes it when the run ends. */
  Opened open(InetSocketAddress relay) throws IOException;

  /** One run's way to the relay. */
  interface Opened extends AutoCloseable {
    /** Where the subscribers dial. */
    InetSocketAddress address();

    /**
     * The port the relay sees for the subscriber bound to {@code subscriberPort} (once it has
     * sent), so the relay's path statistics can be matched to it; the same port when direct.
     */
    default int relaySidePort(int subscriberPort) {
      return subscriberPort;
    }

    @Override
    void close();
  }
}
