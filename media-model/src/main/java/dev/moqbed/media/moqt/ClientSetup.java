package dev.moqbed.media.moqt;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * CLIENT_SETUP: the versions the client offers, in its order of preference, and its setup
 * parameters (see {@link SetupParameter}).
 */
public record ClientSetup(List<Long> supportedVersions, KeyValuePairs parameters)
    implements ControlMessage {
  public ClientSetup {
    supportedVersions = List.copyOf(supportedVersions);
    Objects.requireNonNull(parameters, "parameters");
  }

  /** The Maximum Request ID (plus one) the client grants the server; 0 when absent. */
  public long maxRequestId() {
    return parameters.varint(SetupParameter.MAX_REQUEST_ID).orElse(0);
  }

  /** The PATH parameter as text, if present. */
  public Optional<String> path() {
    return parameters.bytes(SetupParameter.PATH).map(ByteString::asUtf8);
  }

  /** The AUTHORITY parameter as text, if present. */
  public Optional<String> authority() {
    return parameters.bytes(SetupParameter.AUTHORITY).map(ByteString::asUtf8);
  }
}
