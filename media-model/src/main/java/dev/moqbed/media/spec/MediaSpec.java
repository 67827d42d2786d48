package dev.moqbed.media.spec;

import java.util.List;
import java.util.Optional;

/** A parsed quicperf scenario: its items in the order they were written. */
public record MediaSpec(List<MediaItem> items) {

  /**
   * The draft's media mix (draft-huitema-ccwg-c4-test, media scenarios): audio datagrams of 80
   * bytes at 50 per second, and two video layers at 30 fps in groups of 30 frames, {@code vlow}
   * (priority 4) and {@code vmid} (priority 6, abandoned when 250 ms late), 5 seconds each.
   */
  public static final String DRAFT_MEDIA_MIX =
      "=a1:d50:p2:S:n250:80;"
          + "=vlow:s30:p4:S:n150:3750:G30:I37500;"
          + "=vmid:s30:p6:S:n150:6250:G30:I62500:D250000;";

  public MediaSpec {
    items = List.copyOf(items);
  }

  /** Parses scenario text; see {@link MediaSpecParser}. */
  public static MediaSpec parse(String text) {
    return MediaSpecParser.parse(text);
  }

  /** The item called {@code id}, if any. */
  public Optional<MediaItem> item(String id) {
    return items.stream().filter(item -> item.id().equals(id)).findFirst();
  }

  /** The media flows only, in order. */
  public List<MediaFlow> flows() {
    return items.stream().filter(MediaFlow.class::isInstance).map(MediaFlow.class::cast).toList();
  }
}
