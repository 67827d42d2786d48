package dev.moqbed.media.moqt;

import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.SessionError;
import java.util.List;

/**
 * Version negotiation inside the setup messages (draft-14 §3.2, §9.3.1): the client lists the
 * versions it offers, the server must pick one of them, and either side closes the session with
 * VERSION_NEGOTIATION_FAILED when that is impossible.
 */
public final class VersionNegotiation {
  private VersionNegotiation() {}

  /**
   * The server's choice: the first version in the client's list that the server supports (the
   * client lists in order of preference).
   *
   * @throws MoqtProtocolException VERSION_NEGOTIATION_FAILED when there is none
   */
  public static MoqtVersion select(ClientSetup clientSetup, List<MoqtVersion> serverSupports) {
    for (long offered : clientSetup.supportedVersions()) {
      for (MoqtVersion version : serverSupports) {
        if (version.setupVersionNumber() == offered) {
          return version;
        }
      }
    }
    throw failed(
        "client offered "
            + hex(clientSetup.supportedVersions())
            + ", server supports "
            + serverSupports);
  }

  /**
   * The client's check of SERVER_SETUP: the selected version must be one it offered.
   *
   * @throws MoqtProtocolException VERSION_NEGOTIATION_FAILED otherwise
   */
  public static MoqtVersion confirm(ServerSetup serverSetup, List<MoqtVersion> clientOffered) {
    for (MoqtVersion version : clientOffered) {
      if (version.setupVersionNumber() == serverSetup.selectedVersion()) {
        return version;
      }
    }
    throw failed(
        "server selected 0x"
            + Long.toHexString(serverSetup.selectedVersion())
            + ", client offered "
            + clientOffered);
  }

  private static MoqtProtocolException failed(String detail) {
    return new MoqtProtocolException(
        SessionError.VERSION_NEGOTIATION_FAILED, Problem.NO_COMMON_VERSION, detail);
  }

  private static String hex(List<Long> versions) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < versions.size(); i++) {
      out.append(i == 0 ? "0x" : ", 0x").append(Long.toHexString(versions.get(i)));
    }
    return out.append(']').toString();
  }
}
