package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.FuzzCodec.CODEC;

import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the seed corpus of the fuzz targets: valid encodings from the codec's own encoders, so the
 * fuzzer starts from inputs that get past the type checks. Not part of the normal run; regenerate
 * with {@code mvn -pl media-model -am test -Dtest=FuzzSeedWriter
 * -Dsurefire.failIfNoSpecifiedTests=false -Dfuzz.writeSeeds=true} (docs/security.md). Fixed
 * generator seeds keep the files stable.
 */
@EnabledIfSystemProperty(named = "fuzz.writeSeeds", matches = "true")
class FuzzSeedWriter {
  private static final Path RESOURCES = Path.of("src/test/resources/dev/moqbed/media/moqt/draft14");

  /** Seeds stay small: the fuzzer's inputs are a few KiB at most, and small ones run faster. */
  private static final int MAX_SEED_BYTES = 600;

  @Test
  void writeControlStreamSeeds() throws IOException {
    Path dir = inputs("ControlStreamDecoderFuzzTest", "decodesOrRejectsAnyStream");
    RandomWire random = new RandomWire(0x5EED_C0L);
    for (int kind = 0; kind < RandomWire.CONTROL_KINDS; kind++) {
      WireWriter out = CODEC.newWriter();
      // Two messages of the kind on one stream, fed in pieces of up to 7 bytes.
      do {
        out.clear();
        CODEC.encodeControl(random.control(kind), out);
        CODEC.encodeControl(random.control(kind), out);
      } while (out.size() > MAX_SEED_BYTES);
      write(dir.resolve("kind-" + kind), StreamChunks.seed(7, out.toByteArray()));
    }
  }

  @Test
  void writeSubgroupStreamSeeds() throws IOException {
    Path dir = inputs("SubgroupStreamDecoderFuzzTest", "decodesOrRejectsAnyStream");
    RandomWire random = new RandomWire(0x5EED_5BL);
    for (int stream = 0; stream < 12; stream++) {
      WireWriter out = CODEC.newWriter();
      do {
        out.clear();
        SubgroupHeader header = random.subgroupHeader();
        SubgroupStreamEncoder encoder = CODEC.newSubgroupStreamEncoder(header);
        encoder.writeHeader(out);
        for (SubgroupObject object : random.subgroupObjects(header, 4)) {
          encoder.writeObject(object, out);
        }
      } while (out.size() > MAX_SEED_BYTES);
      write(
          dir.resolve("stream-" + stream),
          StreamChunks.seed(stream % 2 == 0 ? 0 : 13, out.toByteArray()));
    }
  }

  @Test
  void writeDatagramSeeds() throws IOException {
    Path dir = inputs("ObjectDatagramDecoderFuzzTest", "decodesOrRejectsAnyDatagram");
    RandomWire random = new RandomWire(0x5EED_D6L);
    for (int i = 0; i < 12; i++) {
      WireWriter out = CODEC.newWriter();
      do {
        out.clear();
        ObjectDatagram datagram = random.datagram();
        CODEC.encodeDatagram(datagram, out);
      } while (out.size() > MAX_SEED_BYTES);
      write(dir.resolve("datagram-" + i), out.toByteArray());
    }
  }

  /** Jazzer's layout: {@code <TestClass>Inputs/<method>/} beside the test class's package. */
  private static Path inputs(String testClass, String method) throws IOException {
    return Files.createDirectories(RESOURCES.resolve(testClass + "Inputs").resolve(method));
  }

  private static void write(Path file, byte[] bytes) throws IOException {
    Files.write(file, bytes);
  }
}
