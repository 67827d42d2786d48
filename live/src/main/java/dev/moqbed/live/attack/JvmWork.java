package dev.moqbed.live.attack;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What this JVM did for itself during a phase: time its JIT compilers spent compiling, and time its
 * collectors spent collecting, in milliseconds. On one CPU both compete with the relay's loop for
 * the core: an attack that reaches code the media never ran keeps the C2 compiler busy for seconds
 * (on this 2-core host, up to half of the core in the first attack phase), so a reader needs to see
 * it beside the p99 it inflates.
 *
 * @param compileMillis the compilers' accumulated compilation time, -1 where the JVM does not say
 * @param gcMillis the collectors' accumulated collection time
 */
public record JvmWork(long compileMillis, long gcMillis) {

  /** The totals since this JVM started. */
  static JvmWork sinceStart() {
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    long compile =
        compiler != null && compiler.isCompilationTimeMonitoringSupported()
            ? compiler.getTotalCompilationTime()
            : -1;
    long gc = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      gc += Math.max(0, collector.getCollectionTime());
    }
    return new JvmWork(compile, gc);
  }

  /** The work between {@code earlier} and this. */
  JvmWork since(JvmWork earlier) {
    return new JvmWork(
        compileMillis < 0 || earlier.compileMillis < 0 ? -1 : compileMillis - earlier.compileMillis,
        gcMillis - earlier.gcMillis);
  }

  /** Both phases' work together. */
  JvmWork plus(JvmWork other) {
    return new JvmWork(
        compileMillis < 0 || other.compileMillis < 0 ? -1 : compileMillis + other.compileMillis,
        gcMillis + other.gcMillis);
  }
}
