package dev.moqbed.live.reconnect;

import java.util.Locale;

/**
 * What the user of a publisher or subscriber can do about a relay's refusal of its token. The
 * project's relay names the cause in the reason phrase of its close or error message ({@code
 * unauthorized: no token in CLIENT_SETUP ...}, {@code unauthorized: CLIENT_SETUP token expired},
 * {@code unauthorized: wrong_namespace}; see docs/security.md), and each cause has one fix: give a
 * token, copy it whole, issue it with the relay's key, issue a new one, or issue one for this role
 * and namespace. A reason this class does not know (another relay's) gets no advice: the reason
 * itself is all the user has.
 */
public final class RefusalAdvice {
  /** What the refused client asked for. */
  public enum Request {
    /** The session itself (its CLIENT_SETUP). */
    SESSION("use the relay", ""),
    /** PUBLISH_NAMESPACE. */
    PUBLISH("publish", "--publish"),
    /** SUBSCRIBE. */
    SUBSCRIBE("subscribe", "--subscribe");

    private final String verb;
    private final String scopeOption;

    Request(String verb, String scopeOption) {
      this.verb = verb;
      this.scopeOption = scopeOption;
    }
  }

  private RefusalAdvice() {}

  /** Whether {@code reason} is an authorization refusal of the project's relay. */
  public static boolean isAuthorization(String reason) {
    return reason != null && reason.toLowerCase(Locale.ROOT).startsWith("unauthorized");
  }

  /**
   * The fix for a refusal with {@code reason}, or "" when there is none to give.
   *
   * @param namespace the namespace asked for (a scope names it), null for the session
   */
  public static String of(String reason, Request request, String namespace) {
    if (!isAuthorization(reason)) {
      return "";
    }
    String text = reason.toLowerCase(Locale.ROOT);
    String issue = issueCommand(request, namespace);
    if (text.contains("no token") || text.endsWith("missing")) {
      return "give a token with --token TOKEN or --token-file FILE (" + issue + ")";
    }
    if (text.endsWith("malformed")) {
      return "the token is not one this relay can read: pass it whole, as 'moqbed token issue'"
          + " printed it";
    }
    if (text.endsWith("bad_signature")) {
      return "the token was not issued with this relay's key (" + issue + ")";
    }
    if (text.endsWith("expired")) {
      return "the token has expired: issue a new one (" + issue + ")";
    }
    if (text.endsWith("wrong_role") || text.endsWith("wrong_namespace")) {
      return "the token does not allow this client to "
          + request.verb
          + (namespace == null ? "" : " namespace '" + namespace + "'")
          + " (a token that does: "
          + issue
          + ")";
    }
    return "";
  }

  /** How a token for this request is made, the relay's key named KEY. */
  private static String issueCommand(Request request, String namespace) {
    String scope =
        request == Request.SESSION
            ? ""
            : " " + request.scopeOption + " " + (namespace == null ? "NAMESPACE" : namespace);
    return "'moqbed token issue --key KEY" + scope + "', KEY the relay's --auth-key";
  }
}
