package dev.moqbed.live.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePair;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectExtension;
import dev.moqbed.media.moqt.ServerSetup;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.runtime.VirtualScheduler;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What one subscriber of the fan-out swarm allocates per frame it receives, above the QUIC stack
 * (transport's {@code ReceivePathAllocationTest} bounds that one): its MoQT session, the subgroup
 * decoders, the subscriber and the swarm's latency histograms, fed the draft's media mix as the
 * stack hands it over (1,200-byte pieces of each stream out of a reused buffer, one datagram per
 * audio frame). Run alone to print the figures: {@code mvn -B -pl live test
 * -Dtest=SwarmReceiveAllocationTest}.
 */
class SwarmReceiveAllocationTest {
  private static final MoqtCodec CODEC =
      MoqtCodecs.create(FanoutProtocol.VERSION, MoqtLimits.DEFAULT);
  private static final List<String> TRACKS = List.of("a1", "vlow", "vmid");
  private static final int FRAMES_PER_GROUP = 30;
  private static final int AUDIO_PER_GROUP = 50;
  private static final int CHUNK_BYTES = 1_200;
  private static final int WARM_UP_GROUPS = 150;
  private static final int METERED_GROUPS = 100;

  /**
   * Bytes per received frame (audio, vlow and vmid together): 217 measured. Before the swarm's
   * session skipped payloads, each video frame's bytes were copied twice (into a stream buffer
   * grown from 256 bytes for every group, then into the object): 7,307 bytes per frame; with
   * payloads skipped and buffers pooled, before the cuts after it (a record and a boxed list per
   * frame, a string key per frame, a slice, a reader and an iterator per object's extensions):
   * 1,220.
   */
  private static final double BOUND_BYTES_PER_FRAME = 300;

  @Test
  void theSwarmAllocatesLittlePerReceivedFrame() {
    ScriptedRelayConnection relay = new ScriptedRelayConnection();
    Map<String, TrackLatency> latencies = new LinkedHashMap<>();
    for (String track : TRACKS) {
      latencies.put("fast/" + track, new TrackLatency("fast", track));
    }
    SubscriberSwarm.Measurement measurement = new SubscriberSwarm.Measurement(latencies, 1);
    measurement.measureFrom.set(0);
    Media media = new Media();
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    SubscriberSwarm.attach(
        relay,
        new VirtualScheduler(),
        SubscriberSwarm.config(TRACKS, 250_000),
        measurement.events(false, new PrintStream(PrintStream.nullOutputStream())));
    answer(relay);
    for (int group = 0; group < WARM_UP_GROUPS; group++) {
      media.deliverGroup(relay);
    }
    long before = threads.getCurrentThreadAllocatedBytes();
    long piecesBefore = media.pieces;
    for (int group = 0; group < METERED_GROUPS; group++) {
      media.deliverGroup(relay);
    }
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    long pieces = media.pieces - piecesBefore;
    long frames = (long) METERED_GROUPS * (AUDIO_PER_GROUP + 2 * FRAMES_PER_GROUP);
    double perFrame = (double) allocated / frames;
    System.out.printf(
        "swarm receive path: %.1f bytes per frame, %.1f per datagram or stream piece%n",
        perFrame, (double) allocated / pieces);

    int groups = WARM_UP_GROUPS + METERED_GROUPS;
    assertEquals(groups * AUDIO_PER_GROUP, latencies.get("fast/a1").delivered(), "a1 timed");
    assertEquals(groups * FRAMES_PER_GROUP, latencies.get("fast/vlow").delivered(), "vlow");
    assertEquals(groups * FRAMES_PER_GROUP, latencies.get("fast/vmid").delivered(), "vmid");
    assertTrue(relay.isOpen(), "the session is still open");
    assertTrue(
        perFrame <= BOUND_BYTES_PER_FRAME,
        perFrame + " bytes per frame, bound " + BOUND_BYTES_PER_FRAME);
  }

  /** SERVER_SETUP, then SUBSCRIBE_OK for every SUBSCRIBE, aliases 0, 1, 2 in track order. */
  private static void answer(ScriptedRelayConnection relay) {
    relay.control(new ServerSetup(FanoutProtocol.VERSION.setupVersionNumber(), KeyValuePairs.NONE));
    for (ControlMessage message : relay.sent()) {
      if (message instanceof Subscribe subscribe) {
        long alias = TRACKS.indexOf(subscribe.trackName().asUtf8());
        relay.control(
            new SubscribeOk(
                subscribe.requestId(), alias, 0, GroupOrder.ASCENDING, null, KeyValuePairs.NONE));
      }
    }
  }

  /** The draft's mix, encoded once: a1 datagrams of 80 bytes, vlow and vmid groups of 30 frames. */
  private static final class Media {
    final ByteBuffer audio = ByteBuffer.wrap(datagram());
    final Track vlow = new Track(1, 37_500, 3_750);
    final Track vmid = new Track(2, 62_500, 6_250);
    long pieces;

    /** One group of each video track with the audio of that second, interleaved by frame. */
    void deliverGroup(ScriptedRelayConnection relay) {
      ScriptedRelayConnection.Incoming low = relay.openStream();
      ScriptedRelayConnection.Incoming mid = relay.openStream();
      vlow.rewind();
      vmid.rewind();
      int audioSent = 0;
      for (int frame = 0; frame < FRAMES_PER_GROUP; frame++) {
        pieces += vlow.deliverFrame(low, frame) + vmid.deliverFrame(mid, frame);
        for (; audioSent * FRAMES_PER_GROUP < (frame + 1) * AUDIO_PER_GROUP; audioSent++) {
          audio.clear();
          relay.datagram(audio);
          pieces++;
        }
      }
    }

    private static byte[] datagram() {
      WireWriter out = CODEC.newWriter();
      CODEC.encodeDatagram(
          ObjectDatagram.of(0, 0, 0, 2, stamps(), ByteString.copyOf(new byte[80])), out);
      return out.toByteArray();
    }
  }

  /** One video track's group on the wire, and where each frame ends in it. */
  private static final class Track {
    final byte[] bytes;
    final ByteBuffer view;
    final int[] frameEnds = new int[FRAMES_PER_GROUP];
    int cursor;

    Track(long alias, int iFrameBytes, int pFrameBytes) {
      SubgroupHeader header = new SubgroupHeader(alias, 0, SubgroupIdMode.ZERO, 0, 4, true, false);
      WireWriter out = CODEC.newWriter();
      SubgroupStreamEncoder encoder = CODEC.newSubgroupStreamEncoder(header);
      encoder.writeHeader(out);
      for (int frame = 0; frame < FRAMES_PER_GROUP; frame++) {
        byte[] payload = new byte[frame == 0 ? iFrameBytes : pFrameBytes];
        encoder.writeObject(
            new SubgroupObject(
                frame,
                dev.moqbed.media.moqt.ObjectStatus.NORMAL,
                stamps(),
                ByteString.copyOf(payload)),
            out);
        frameEnds[frame] = out.size();
      }
      bytes = out.toByteArray();
      view = ByteBuffer.wrap(bytes);
    }

    void rewind() {
      cursor = 0;
    }

    /** Hands over 1,200-byte pieces until frame {@code frame} is whole; the pieces counted. */
    int deliverFrame(ScriptedRelayConnection.Incoming stream, int frame) {
      int pieces = 0;
      while (cursor < frameEnds[frame]) {
        int end = Math.min(bytes.length, cursor + CHUNK_BYTES);
        view.limit(end).position(cursor);
        stream.deliver(view, end == bytes.length);
        cursor = end;
        pieces++;
      }
      return pieces;
    }
  }

  /** A capture time and one relay's arrival stamp, as the relay forwards every object. */
  private static KeyValuePairs stamps() {
    return KeyValuePairs.of(
        ObjectExtension.captureTimestamp(0),
        KeyValuePair.ofVarint(ObjectExtension.RELAY_ARRIVAL_MICROS, 0));
  }
}
