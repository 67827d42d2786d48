package dev.moqbed.app;

import dev.moqbed.runtime.Quantities;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for the quantities people type: {@code 80ms}, {@code 20mbit}, {@code 10MB}.
 */
final class QuantityConverters {
  private QuantityConverters() {}

  /** picocli prints a TypeConversionException's message as is, without the exception's class. */
  private static long parseOrReject(java.util.function.LongSupplier parse) {
    try {
      return parse.getAsLong();
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }

  /** A duration, to microseconds. */
  static final class Duration implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return parseOrReject(() -> Quantities.parseDurationMicros(value));
    }
  }

  /** A duration that may be negative ({@code -3ms}), to microseconds. */
  static final class SignedDuration implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return value.startsWith("-")
          ? -parseOrReject(() -> Quantities.parseDurationMicros(value.substring(1)))
          : parseOrReject(
              () ->
                  Quantities.parseDurationMicros(
                      value.startsWith("+") ? value.substring(1) : value));
    }
  }

  /** A bit rate, to bits per second. */
  static final class Rate implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return parseOrReject(() -> Quantities.parseRateBitsPerSecond(value));
    }
  }

  /** A size, to bytes. */
  static final class Size implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return parseOrReject(() -> Quantities.parseSizeBytes(value));
    }
  }
}
