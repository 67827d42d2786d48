package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.TrackNamespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a token grants: one role on every namespace that starts with {@code prefix} (whole fields,
 * as relays match namespaces: prefix {@code live} covers {@code live} and {@code live/cam1}, not
 * {@code livestream}), until {@code expiresAtSeconds} (Unix time, exclusive).
 *
 * @param prefix 1 to 32 namespace fields
 */
public record TokenGrant(TokenRole role, List<ByteString> prefix, long expiresAtSeconds) {
  public TokenGrant {
    Objects.requireNonNull(role, "role");
    prefix = List.copyOf(prefix);
    if (prefix.isEmpty() || prefix.size() > TrackNamespace.MAX_FIELDS) {
      throw new IllegalArgumentException(
          "a namespace prefix has 1.." + TrackNamespace.MAX_FIELDS + " fields");
    }
    if (expiresAtSeconds < 0) {
      throw new IllegalArgumentException("negative expiry");
    }
  }

  /**
   * A grant on the namespace written as on the command line: fields separated by {@code /} ({@code
   * live}, {@code org/live}); the publisher's and subscriber's {@code --namespace} is one field.
   */
  public static TokenGrant of(TokenRole role, String namespace, long expiresAtSeconds) {
    if (namespace.isEmpty()) {
      throw new IllegalArgumentException("--namespace must not be empty");
    }
    List<ByteString> fields = new ArrayList<>();
    for (String field : namespace.split("/", -1)) {
      if (field.isEmpty()) {
        throw new IllegalArgumentException(
            "--namespace '" + namespace + "' has an empty field (fields are separated by /)");
      }
      fields.add(ByteString.utf8(field));
    }
    return new TokenGrant(role, fields, expiresAtSeconds);
  }

  /** True when {@code namespace} starts with this grant's prefix, field by field. */
  public boolean covers(TrackNamespace namespace) {
    return namespace.startsWith(new TrackNamespace(prefix));
  }

  /** The prefix as on the command line. */
  public String prefixText() {
    StringBuilder text = new StringBuilder();
    for (ByteString field : prefix) {
      if (text.length() > 0) {
        text.append('/');
      }
      text.append(field.asUtf8());
    }
    return text.toString();
  }
}
