package dev.moqbed.cc;

/** One algorithm in the {@link ControllerRegistry}: its id, what it is, and its options. */
public interface ControllerProvider {

  /** The lower-case id used on the command line, e.g. {@code "cubic"}. */
  String id();

  /** One line on what the algorithm is and which flavours it has. */
  String description();

  /**
   * Builds a factory from parsed options. Reads every option it knows through {@code options}; the
   * registry rejects the ones left unread.
   *
   * @throws IllegalArgumentException with a one-line message when a value is invalid
   */
  ControllerFactory factory(ControllerOptions options);
}
