package dev.moqbed.netty;

import io.netty.handler.codec.quic.Quic;
import java.io.IOException;

/** Whether quiche's native library loaded on this machine. */
public final class NativeQuic {
  private NativeQuic() {}

  /** True when Netty's QUIC codec can run here. */
  public static boolean isAvailable() {
    try {
      return Quic.isAvailable();
    } catch (LinkageError e) {
      return false;
    }
  }

  /** Why it cannot, in one line (empty when it can). */
  public static String unavailabilityReason() {
    try {
      Throwable cause = Quic.unavailabilityCause();
      return cause == null ? "" : String.valueOf(cause.getMessage());
    } catch (LinkageError e) {
      return String.valueOf(e.getMessage());
    }
  }

  static void ensureAvailable() throws IOException {
    if (!isAvailable()) {
      throw new IOException("QUIC is not available on this machine: " + unavailabilityReason());
    }
  }
}
