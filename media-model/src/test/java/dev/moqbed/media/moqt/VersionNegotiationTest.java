package dev.moqbed.media.moqt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.SessionError;
import java.util.List;
import org.junit.jupiter.api.Test;

class VersionNegotiationTest {
  private static final long DRAFT_13 = 0xff00000dL;

  @Test
  void shouldNameDraft14WithItsAlpnAndSetupNumber() {
    assertEquals("moq-00", MoqtVersion.DRAFT_14.alpn());
    assertEquals(0xff00000eL, MoqtVersion.DRAFT_14.setupVersionNumber());
    assertEquals(
        MoqtVersion.DRAFT_14, MoqtVersion.fromSetupVersionNumber(0xff00000eL).orElseThrow());
    assertEquals(
        MoqtVersion.DRAFT_14,
        MoqtCodecs.create(MoqtVersion.DRAFT_14, MoqtLimits.DEFAULT).version());
  }

  @Test
  void shouldSelectDraft14WhenClientOffersItAmongOthers() {
    ClientSetup offer = new ClientSetup(List.of(DRAFT_13, 0xff00000eL), KeyValuePairs.NONE);
    assertEquals(
        MoqtVersion.DRAFT_14, VersionNegotiation.select(offer, List.of(MoqtVersion.DRAFT_14)));
  }

  @Test
  void shouldFailWithVersionNegotiationFailedWhenNoVersionIsShared() {
    ClientSetup offer = new ClientSetup(List.of(DRAFT_13), KeyValuePairs.NONE);
    MoqtProtocolException error =
        assertThrows(
            MoqtProtocolException.class,
            () -> VersionNegotiation.select(offer, List.of(MoqtVersion.DRAFT_14)));
    assertEquals(SessionError.VERSION_NEGOTIATION_FAILED, error.sessionError());
    assertEquals(0x15, error.sessionError().code());
  }

  @Test
  void shouldFailOnClientWhenServerSelectsAVersionNotOffered() {
    ServerSetup answer = new ServerSetup(DRAFT_13, KeyValuePairs.NONE);
    MoqtProtocolException error =
        assertThrows(
            MoqtProtocolException.class,
            () -> VersionNegotiation.confirm(answer, List.of(MoqtVersion.DRAFT_14)));
    assertEquals(SessionError.VERSION_NEGOTIATION_FAILED, error.sessionError());
    assertEquals(
        MoqtVersion.DRAFT_14,
        VersionNegotiation.confirm(
            new ServerSetup(0xff00000eL, KeyValuePairs.NONE), List.of(MoqtVersion.DRAFT_14)));
  }

  @Test
  void shouldMatchNamespacePrefixesFieldByField() {
    TrackNamespace full = TrackNamespace.of("foo", "bar");
    assertEquals(true, full.startsWith(TrackNamespace.of("foo")));
    assertEquals(false, full.startsWith(TrackNamespace.of("fo")));
    assertEquals(false, TrackNamespace.of("foo").startsWith(full));
  }
}
