package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.StatelessResetToken;
import dev.moqbed.transport.wire.TransportParameters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The certificates, files and parameters the handshake tests share. Keys are generated once per
 * test JVM: RSA key generation is the slow part.
 */
final class Fixtures {
  static final String MOQT_ALPN = "moq-00";

  static final ConnectionId CLIENT_SCID = ConnectionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
  static final ConnectionId ORIGINAL_DCID = ConnectionId.of(new byte[] {9, 9, 9, 9, 9, 9, 9, 9});
  static final ConnectionId SERVER_SCID = ConnectionId.of(new byte[] {5, 5, 5, 5, 5, 5, 5, 5});

  /** The relay's kind of certificate: RSA 2048, self-signed, CN and SAN localhost. */
  static final TestCertificates.Issued RELAY =
      TestCertificates.selfSigned(TestCertificates.rsaKeys(), "localhost", "localhost");

  /** Someone else's localhost certificate, trusted by nobody. */
  static final TestCertificates.Issued STRANGER =
      TestCertificates.selfSigned(TestCertificates.ecKeys(), "localhost", "localhost");

  static final Path DIRECTORY = temporaryDirectory();

  static final TestCertificates.Pem RELAY_PEM = RELAY.writeTo(DIRECTORY, "relay");
  static final TestCertificates.Pem STRANGER_PEM = STRANGER.writeTo(DIRECTORY, "stranger");

  private Fixtures() {}

  static ServerTlsContext relayContext(List<String> protocols) {
    return ServerTlsContext.fromPemFiles(
        RELAY_PEM.certificateFile(), RELAY_PEM.keyFile(), protocols);
  }

  static ClientTlsConfig trustingRelay(String serverName, List<String> protocols) {
    return ClientTlsConfig.of(
        serverName, protocols, ServerTrust.certificatesIn(RELAY_PEM.certificateFile()));
  }

  static TransportParameters clientParameters() {
    return new TransportParameters()
        .initialSourceConnectionId(CLIENT_SCID)
        .maxIdleTimeoutMillis(30_000)
        .initialMaxData(1_048_576)
        .initialMaxStreamDataBidiLocal(262_144)
        .initialMaxStreamDataBidiRemote(262_144)
        .initialMaxStreamDataUni(262_144)
        .initialMaxStreamsBidi(100)
        .initialMaxStreamsUni(100)
        .maxDatagramFrameSize(1_200)
        .activeConnectionIdLimit(8);
  }

  static TransportParameters serverParameters() {
    byte[] token = new byte[StatelessResetToken.LENGTH];
    for (int i = 0; i < token.length; i++) {
      token[i] = (byte) (0xa0 + i);
    }
    return new TransportParameters()
        .originalDestinationConnectionId(ORIGINAL_DCID)
        .initialSourceConnectionId(SERVER_SCID)
        .statelessResetToken(StatelessResetToken.of(token))
        .maxIdleTimeoutMillis(60_000)
        .initialMaxData(4_194_304)
        .initialMaxStreamDataBidiRemote(1_048_576)
        .initialMaxStreamsBidi(16)
        .initialMaxStreamsUni(1_000)
        .maxUdpPayloadSize(1_472)
        .disableActiveMigration(true);
  }

  private static Path temporaryDirectory() {
    try {
      Path directory = Files.createTempDirectory("moqbed-tls-test");
      directory.toFile().deleteOnExit();
      return directory;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
