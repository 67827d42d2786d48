package dev.moqbed.scenarios.cli;

import dev.moqbed.runtime.Quantities;
import picocli.CommandLine.ITypeConverter;

/**
 * picocli converters for the quantities people type: {@code 80ms}, {@code 20mbit}, {@code 10MB}.
 */
final class QuantityConverters {
  private QuantityConverters() {}

  /** A duration, to microseconds. */
  static final class Duration implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return Quantities.parseDurationMicros(value);
    }
  }

  /** A duration that may be negative ({@code -3ms}), to microseconds. */
  static final class SignedDuration implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return value.startsWith("-")
          ? -Quantities.parseDurationMicros(value.substring(1))
          : Quantities.parseDurationMicros(value.startsWith("+") ? value.substring(1) : value);
    }
  }

  /** A bit rate, to bits per second. */
  static final class Rate implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return Quantities.parseRateBitsPerSecond(value);
    }
  }

  /** A size, to bytes. */
  static final class Size implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return Quantities.parseSizeBytes(value);
    }
  }
}
