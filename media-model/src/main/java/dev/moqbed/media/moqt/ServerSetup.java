package dev.moqbed.media.moqt;

import java.util.Objects;

/** SERVER_SETUP: the version the server chose among the client's, and its setup parameters. */
public record ServerSetup(long selectedVersion, KeyValuePairs parameters)
    implements ControlMessage {
  public ServerSetup {
    Objects.requireNonNull(parameters, "parameters");
  }

  /** The Maximum Request ID (plus one) the server grants the client; 0 when absent. */
  public long maxRequestId() {
    return parameters.varint(SetupParameter.MAX_REQUEST_ID).orElse(0);
  }
}
