package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live relay and a subscriber whose QUIC stack (quiche, through Netty) allows one
 * unidirectional stream at a time ({@code initial_max_streams_uni} = 1, raised by MAX_STREAMS as
 * each stream ends). Before, the relay opened group streams regardless: Netty took a stream id,
 * quiche refused the stream, the id was lost (the subscriber counted it as opened and waited for
 * it) and the subscriber got one vlow group and nothing after. Now group streams wait for credit:
 * every vlow group arrives, vmid groups arrive whole or are dropped as stale, and the stream ids
 * the subscriber sees are consecutive.
 */
@Tag("network")
class StreamCreditNetworkTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldDeliverTheVideoGroupsWithoutSkippingAStreamIdWhenOneStreamIsAllowed()
      throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-test-"));
    ClientTrust trust = ClientTrust.pinned(certificate.certificate());
    List<String> log = new CopyOnWriteArrayList<>();
    Relay[] relay = new Relay[1];
    try (QuicServer server =
        QuicServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            QuicSettings.DEFAULT,
            certificate,
            VERSION.alpn(),
            connection -> relay[0].serve(connection, VERSION))) {
      relay[0] = new Relay(server.scheduler(), RelayConfig.DEFAULT, line -> log.add(line));

      CompletableFuture<Void> announced = new CompletableFuture<>();
      CompletableFuture<PublisherReport> published = new CompletableFuture<>();
      Publisher[] publisher = new Publisher[1];
      PublisherConfig publisherConfig =
          new PublisherConfig(
              "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), 3_000_000, false, 500_000);
      try (QuicClient publisherClient =
          QuicClient.connect(
              server.localAddress(),
              "localhost",
              QuicSettings.DEFAULT,
              trust,
              VERSION.alpn(),
              connection -> {
                publisher[0] =
                    new Publisher(
                        connection.scheduler(),
                        publisherConfig,
                        new PublisherEvents() {
                          @Override
                          public void onAnnounced() {
                            announced.complete(null);
                          }

                          @Override
                          public void onMediaFinished(PublisherReport report) {
                            published.complete(report);
                          }
                        });
                MoqtSession.client(connection, publisher[0], VERSION);
              })) {
        announced.get(10, TimeUnit.SECONDS);

        CompletableFuture<Void> answered = new CompletableFuture<>();
        CompletableFuture<SubscriberReport> finished = new CompletableFuture<>();
        List<FrameRecord> frames = new CopyOnWriteArrayList<>();
        StreamIdRecorder[] recorder = new StreamIdRecorder[1];
        SubscriberConfig config =
            new SubscriberConfig(
                "live", List.of("a1", "vlow", "vmid"), 0, Set.of("vmid"), 0, 2_000_000);
        QuicClient subscriberClient =
            QuicClient.connect(
                server.localAddress(),
                "localhost",
                QuicSettings.DEFAULT.withMaxIncomingUnidirectionalStreams(1),
                trust,
                VERSION.alpn(),
                connection -> {
                  recorder[0] = new StreamIdRecorder(connection);
                  Subscriber subscriber =
                      new Subscriber(
                          connection.scheduler(),
                          config,
                          new SubscriberEvents() {
                            @Override
                            public void onSubscriptionsAnswered(int accepted, int refused) {
                              answered.complete(null);
                            }

                            @Override
                            public void onFrame(FrameRecord frame) {
                              frames.add(frame);
                            }

                            @Override
                            public void onFinished(SubscriberReport report) {
                              finished.complete(report);
                            }
                          });
                  MoqtSession.client(recorder[0], subscriber, VERSION);
                });
        try {
          answered.get(10, TimeUnit.SECONDS);
          publisherClient.scheduler().execute(publisher[0]::startMedia);
          PublisherReport sent = published.get(20, TimeUnit.SECONDS);
          SubscriberReport report = finished.get(20, TimeUnit.SECONDS);

          assertTrue(report.completed(), report.endReason() + " " + log);
          assertEquals(sent.objectsSent("a1"), report.track("a1").received(), "audio");
          assertEquals(90, sent.objectsSent("vlow"), "3 s of 30 fps");
          assertEquals(sent.objectsSent("vlow"), report.track("vlow").received(), "every vlow");
          Map<Long, Integer> vmidGroups = new TreeMap<>();
          for (FrameRecord frame : frames) {
            if (frame.track().equals("vmid")) {
              vmidGroups.merge(frame.groupId(), 1, Integer::sum);
            }
          }
          assertTrue(vmidGroups.containsKey(2L), "the last vmid group arrives: " + vmidGroups);
          for (Map.Entry<Long, Integer> group : vmidGroups.entrySet()) {
            assertEquals(30, group.getValue(), "vmid group " + group.getKey() + " whole");
          }

          List<Long> ids = recorder[0].peerUnidirectionalIds();
          long started = 0;
          for (TrackReport track : report.tracks()) {
            started += track.streamsStarted();
          }
          assertEquals(started, ids.size(), "every stream the relay opened carried a group");
          for (int i = 0; i < ids.size(); i++) {
            // Server-initiated unidirectional streams: 3, 7, 11, ... with none skipped.
            assertEquals(3 + 4L * i, ids.get(i), "stream ids " + ids);
          }
        } finally {
          subscriberClient.close();
        }
      }
    }
  }
}
