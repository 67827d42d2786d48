package dev.moqbed.transport.wire;

import java.util.Arrays;

/**
 * The preferred_address transport parameter (RFC 9000 §18.2, §9.6): a server address to migrate to,
 * with the connection ID and reset token to use there. An all-zero address with port 0 means the
 * family is not offered.
 */
public final class PreferredAddress {
  /** Encoded size without the connection ID. */
  static final int FIXED_SIZE = 4 + 2 + 16 + 2 + 1 + StatelessResetToken.LENGTH;

  private final byte[] ipv4Address;
  private final int ipv4Port;
  private final byte[] ipv6Address;
  private final int ipv6Port;
  private final ConnectionId connectionId;
  private final StatelessResetToken resetToken;

  /**
   * @param connectionId 1–20 bytes: §18.2 forbids a zero-length connection ID here
   */
  public PreferredAddress(
      byte[] ipv4Address,
      int ipv4Port,
      byte[] ipv6Address,
      int ipv6Port,
      ConnectionId connectionId,
      StatelessResetToken resetToken) {
    if (ipv4Address.length != 4 || ipv6Address.length != 16) {
      throw new IllegalArgumentException("addresses must be 4 and 16 bytes");
    }
    if ((ipv4Port & ~0xffff) != 0 || (ipv6Port & ~0xffff) != 0) {
      throw new IllegalArgumentException("ports " + ipv4Port + ", " + ipv6Port);
    }
    if (connectionId.length() == 0) {
      throw new IllegalArgumentException("preferred address with an empty connection ID");
    }
    this.ipv4Address = ipv4Address.clone();
    this.ipv4Port = ipv4Port;
    this.ipv6Address = ipv6Address.clone();
    this.ipv6Port = ipv6Port;
    this.connectionId = connectionId;
    this.resetToken = resetToken;
  }

  public byte[] ipv4Address() {
    return ipv4Address.clone();
  }

  public int ipv4Port() {
    return ipv4Port;
  }

  public byte[] ipv6Address() {
    return ipv6Address.clone();
  }

  public int ipv6Port() {
    return ipv6Port;
  }

  public ConnectionId connectionId() {
    return connectionId;
  }

  public StatelessResetToken resetToken() {
    return resetToken;
  }

  int encodedSize() {
    return FIXED_SIZE + connectionId.length();
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof PreferredAddress)) {
      return false;
    }
    PreferredAddress that = (PreferredAddress) other;
    return Arrays.equals(ipv4Address, that.ipv4Address)
        && ipv4Port == that.ipv4Port
        && Arrays.equals(ipv6Address, that.ipv6Address)
        && ipv6Port == that.ipv6Port
        && connectionId.equals(that.connectionId)
        && resetToken.equals(that.resetToken);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(ipv4Address) + connectionId.hashCode() + ipv4Port + ipv6Port;
  }

  @Override
  public String toString() {
    return "PreferredAddress[v4="
        + Hex.encode(ipv4Address)
        + ":"
        + ipv4Port
        + " v6="
        + Hex.encode(ipv6Address)
        + ":"
        + ipv6Port
        + " cid="
        + connectionId
        + "]";
  }
}
