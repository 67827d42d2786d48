package dev.moqbed.transport.quic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the seed corpus of {@link ConnectionFramesFuzzTest}: issue 30's attacks and a few hostile
 * habits as {@link FrameScript}s. Run from the module directory after a test compile:
 *
 * <pre>
 * java -cp target/test-classes:target/classes dev.moqbed.transport.quic.ConnectionFramesSeeds
 * </pre>
 */
final class ConnectionFramesSeeds {
  private static final Path DIRECTORY =
      Path.of(
          "src/test/resources/dev/moqbed/transport/quic/ConnectionFramesFuzzTestInputs/"
              + "processesAnyFrameSequence");

  private static final int ACK = 2;
  private static final int STREAM = 3;
  private static final int RESET = 4;
  private static final int STOP_SENDING = 5;
  private static final int MAX_STREAMS = 8;
  private static final int NEW_CONNECTION_ID = 12;
  private static final int PATH_CHALLENGE = 13;
  private static final int CLOSE = 15;
  private static final int CRYPTO = 17;

  private ConnectionFramesSeeds() {}

  public static void main(String[] args) throws IOException {
    Files.createDirectories(DIRECTORY);
    for (Map.Entry<String, byte[]> seed : seeds().entrySet()) {
      Files.write(DIRECTORY.resolve(seed.getKey()), seed.getValue());
    }
  }

  static Map<String, byte[]> seeds() {
    Map<String, byte[]> seeds = new LinkedHashMap<>();
    seeds.put(
        "ack-of-a-packet-never-sent",
        new FrameScript.Writer().packet(1).frame(ACK, 999_999, 0, 999_999, 0).bytes());
    FrameScript.Writer fragments = new FrameScript.Writer();
    for (int packet = 0; packet < FrameScript.MAX_PACKETS; packet++) {
      fragments.packet(15);
      for (int i = 0; i < 15; i++) {
        fragments.frame(STREAM, 2, 2L * (packet * 15 + i) + 1, 1, 0);
      }
    }
    seeds.put("stream-data-in-one-byte-pieces", fragments.bytes());
    FrameScript.Writer ids = new FrameScript.Writer().packet(12);
    for (int sequence = 1; sequence <= 12; sequence++) {
      ids.frame(NEW_CONNECTION_ID, sequence, 0);
    }
    seeds.put("connection-ids-beyond-the-limit", ids.bytes());
    FrameScript.Writer challenges = new FrameScript.Writer().packet(15);
    for (int i = 0; i < 15; i++) {
      challenges.frame(PATH_CHALLENGE, i);
    }
    seeds.put("path-challenges", challenges.bytes());
    seeds.put(
        "data-past-the-window-then-reset-and-stop",
        new FrameScript.Writer()
            .packet(3)
            .frame(STREAM, 2, 10_000_000, 10, 0)
            .frame(RESET, 6, 0, 5)
            .frame(STOP_SENDING, 3, 0)
            .bytes());
    seeds.put(
        "huge-stream-counts-and-ids",
        new FrameScript.Writer()
            .packet(3)
            .frame(MAX_STREAMS, 0, 1L << 60)
            .frame(STREAM, (1L << 60) + 2, 0, 1, 1)
            .frame(STREAM, 1, 0, 1, 0)
            .bytes());
    FrameScript.Writer crypto = new FrameScript.Writer().packet(15);
    for (int i = 0; i < 15; i++) {
      crypto.frame(CRYPTO, 2L * i + 1, 1);
    }
    seeds.put("crypto-after-the-handshake", crypto.bytes());
    seeds.put(
        "close-then-more",
        new FrameScript.Writer()
            .packet(1)
            .frame(CLOSE, 0x0a, 1)
            .packet(1)
            .frame(STREAM, 2, 0, 4, 1)
            .bytes());
    return seeds;
  }
}
