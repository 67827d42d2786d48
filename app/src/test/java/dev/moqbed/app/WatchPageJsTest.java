package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ClientSetup;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SetupParameter;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The browser page's MoQT module ({@code watch/moqt.js}) against the project's Java codec, the
 * reference the relay speaks: the byte vectors its node tests decode and encode ({@code
 * src/test/js/moqt-vectors.txt}) must be exactly what the Java codec writes, and the node tests
 * themselves must pass.
 */
class WatchPageJsTest {
  private static final Path JS_TESTS = Path.of("src/test/js");
  private static final Path VECTORS = JS_TESTS.resolve("moqt-vectors.txt");
  private static final MoqtCodec CODEC =
      MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT);

  /** Capture and relay-arrival stamps as a publisher and a relay write them (µs, wall clock). */
  static final long CAPTURE_MICROS = 1_764_943_200_123_456L;

  static final long RELAY_ARRIVAL_MICROS = 1_764_943_200_124_789L;

  @Test
  void theVectorsTheNodeTestsUseAreWhatTheJavaCodecWrites() throws IOException {
    Map<String, String> expected = javaVectors();
    Map<String, String> onFile = readVectors();
    StringBuilder mismatches = new StringBuilder();
    for (Map.Entry<String, String> vector : expected.entrySet()) {
      if (!vector.getValue().equals(onFile.get(vector.getKey()))) {
        mismatches.append(vector.getKey()).append(' ').append(vector.getValue()).append('\n');
      }
    }
    assertTrue(mismatches.isEmpty(), VECTORS + " differs from the Java codec on:\n" + mismatches);
    assertEquals(expected.keySet(), onFile.keySet(), "the vectors on file");
  }

  @Test
  void theNodeTestsOfThePageModulePass() throws Exception {
    Process node;
    try {
      node =
          new ProcessBuilder("node", "--test", JS_TESTS.toString() + "/")
              .redirectErrorStream(true)
              .start();
    } catch (IOException absent) {
      fail(
          "node is not installed: the watch page's JavaScript tests need it; install Debian's"
              + " nodejs package (apt-get install nodejs)");
      return;
    }
    byte[] output = node.getInputStream().readAllBytes();
    if (!node.waitFor(60, TimeUnit.SECONDS)) {
      node.destroyForcibly();
      fail("node --test did not finish within 60 s");
    }
    assertEquals(
        0,
        node.exitValue(),
        "node --test " + JS_TESTS + ":\n" + new String(output, StandardCharsets.UTF_8));
  }

  private static Map<String, String> readVectors() throws IOException {
    Map<String, String> vectors = new LinkedHashMap<>();
    for (String line : Files.readAllLines(VECTORS)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.trim().split("\\s+");
      vectors.put(fields[0], fields.length > 1 ? fields[1] : "");
    }
    return vectors;
  }

  /** Every message and data element the page reads or writes, as the Java codec encodes it. */
  static Map<String, String> javaVectors() {
    Map<String, String> vectors = new LinkedHashMap<>();
    long version = MoqtVersion.DRAFT_14.setupVersionNumber();
    KeyValuePairs maxRequestId =
        KeyValuePairs.of(KeyValuePair.ofVarint(SetupParameter.MAX_REQUEST_ID, 1L << 20));
    vectors.put("client_setup", control(new ClientSetup(List.of(version), maxRequestId)));
    vectors.put("server_setup", control(new ServerSetup(version, maxRequestId)));
    for (int i = 0; i < 3; i++) {
      String track = List.of("a1", "vlow", "vmid").get(i);
      vectors.put(
          "subscribe_" + track,
          control(
              new Subscribe(
                  2L * i,
                  TrackNamespace.of("live"),
                  ByteString.utf8(track),
                  128,
                  GroupOrder.ASCENDING,
                  true,
                  SubscribeFilter.nextGroupStart(),
                  KeyValuePairs.NONE)));
    }
    vectors.put(
        "subscribe_ok",
        control(
            new SubscribeOk(
                2, 7, 0, GroupOrder.ASCENDING, new Location(41, 3), KeyValuePairs.NONE)));
    vectors.put(
        "subscribe_ok_empty",
        control(new SubscribeOk(4, 300, 5000, GroupOrder.DESCENDING, null, KeyValuePairs.NONE)));
    vectors.put(
        "subscribe_error", control(new SubscribeError(4, 0x4, "no publisher for live/vmid")));
    vectors.put("publish_done", control(new PublishDone(2, 0x2, 17, "track ended")));
    vectors.put(
        "publish_done_unknown_count",
        control(new PublishDone(0, 0x4, (1L << 62) - 1, "going away")));
    vectors.put("max_request_id", control(new MaxRequestId(1_048_577)));
    vectors.put("subgroup_stream", subgroupStream());
    vectors.put("datagram_object0", datagram(0, stamps(true)));
    vectors.put("datagram_object9", datagram(9, stamps(false)));
    vectors.put(
        "datagram_status",
        hex(
            out -> {
              CODEC.encodeDatagram(
                  new ObjectDatagram(
                      1,
                      12,
                      4,
                      0,
                      false,
                      ObjectStatus.END_OF_GROUP,
                      KeyValuePairs.NONE,
                      ByteString.EMPTY),
                  out);
            }));
    return vectors;
  }

  private static KeyValuePairs stamps(boolean withRelay) {
    return withRelay
        ? KeyValuePairs.of(
            ObjectExtension.captureTimestamp(CAPTURE_MICROS),
            KeyValuePair.ofVarint(ObjectExtension.RELAY_ARRIVAL_MICROS, RELAY_ARRIVAL_MICROS))
        : KeyValuePairs.of(ObjectExtension.captureTimestamp(CAPTURE_MICROS));
  }

  /**
   * A group as the publisher writes it (explicit subgroup 0, extensions present, end of group) and
   * the relay forwards it: two frames with stamps, an object with an odd (byte) extension and an
   * end-of-group marker.
   */
  private static String subgroupStream() {
    SubgroupHeader header =
        SubgroupHeader.of(7, 41, 0, 64).withExtensions(true).withEndOfGroup(true);
    SubgroupStreamEncoder encoder = CODEC.newSubgroupStreamEncoder(header);
    return hex(
        out -> {
          encoder.writeHeader(out);
          encoder.writeObject(
              new SubgroupObject(0, ObjectStatus.NORMAL, stamps(true), payload(300)), out);
          encoder.writeObject(
              new SubgroupObject(1, ObjectStatus.NORMAL, stamps(false), payload(5)), out);
          encoder.writeObject(
              new SubgroupObject(
                  3,
                  ObjectStatus.NORMAL,
                  KeyValuePairs.of(
                      ObjectExtension.captureTimestamp(CAPTURE_MICROS + 66_666),
                      KeyValuePair.ofBytes(0x0B, ByteString.utf8("ab"))),
                  payload(2)),
              out);
          encoder.writeObject(SubgroupObject.ofStatus(4, ObjectStatus.END_OF_GROUP), out);
        });
  }

  private static String datagram(long objectId, KeyValuePairs extensions) {
    return hex(
        out ->
            CODEC.encodeDatagram(
                ObjectDatagram.of(1, 12, objectId, 0, extensions, payload(80)), out));
  }

  private static ByteString payload(int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) i;
    }
    return ByteString.wrapOwned(bytes);
  }

  private static String control(ControlMessage message) {
    return hex(out -> CODEC.encodeControl(message, out));
  }

  private static String hex(java.util.function.Consumer<WireWriter> writes) {
    WireWriter out = CODEC.newWriter();
    writes.accept(out);
    return HexFormat.of().formatHex(out.toByteArray());
  }
}
