package dev.moqbed.relay.auth;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.TrackNamespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One thing a token lets its holder do: {@code role} on every namespace that starts with {@code
 * prefix} (whole fields, as relays match namespaces: prefix {@code live} covers {@code live} and
 * {@code live/cam1}, not {@code livestream}).
 *
 * @param prefix 1 to 32 namespace fields
 */
public record TokenScope(TokenRole role, List<ByteString> prefix) {
  public TokenScope {
    Objects.requireNonNull(role, "role");
    prefix = List.copyOf(prefix);
    if (prefix.isEmpty() || prefix.size() > TrackNamespace.MAX_FIELDS) {
      throw new IllegalArgumentException(
          "a namespace prefix has 1.." + TrackNamespace.MAX_FIELDS + " fields");
    }
  }

  /**
   * The scope of a namespace written as on the command line: fields separated by {@code /} ({@code
   * live}, {@code org/live}; one trailing {@code /}, as in {@code live/}, changes nothing, since a
   * prefix always covers what lies below it). The publisher's and subscriber's {@code --namespace}
   * is one field.
   */
  public static TokenScope of(TokenRole role, String namespace) {
    String fieldsText =
        namespace.endsWith("/") ? namespace.substring(0, namespace.length() - 1) : namespace;
    if (fieldsText.isEmpty()) {
      throw new IllegalArgumentException("a namespace prefix must not be empty");
    }
    List<ByteString> fields = new ArrayList<>();
    for (String field : fieldsText.split("/", -1)) {
      if (field.isEmpty()) {
        throw new IllegalArgumentException(
            "namespace '" + namespace + "' has an empty field (fields are separated by /)");
      }
      fields.add(ByteString.utf8(field));
    }
    return new TokenScope(role, fields);
  }

  /** True when {@code namespace} starts with this scope's prefix, field by field. */
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

  /** {@code publish live}, as the issuing command prints it. */
  @Override
  public String toString() {
    return role.label() + " " + prefixText();
  }
}
