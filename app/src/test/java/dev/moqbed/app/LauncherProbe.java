package dev.moqbed.app;

import java.lang.management.ManagementFactory;

/**
 * Stands in for the application in {@link LauncherScriptTest}: the jar the launcher runs there has
 * this class as its main class, and it prints the options the JVM was started with, one a line,
 * then its arguments after a line {@code --}.
 */
public final class LauncherProbe {
  private LauncherProbe() {}

  public static void main(String[] args) {
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      System.out.println(option);
    }
    System.out.println("--");
    for (String argument : args) {
      System.out.println(argument);
    }
  }
}
