package dev.moqbed.app;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code moqbed} application: one subcommand per job. */
@Command(
    name = "moqbed",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    sortOptions = false,
    description = {
      "Media over QUIC testbed: how congestion controllers (C4, BBR, Cubic, NewReno) treat live"
          + " media, frame by frame, in deterministic virtual time, and a MoQ relay, publisher and"
          + " subscriber on real QUIC.",
      ""
    },
    subcommands = {
      DemoCommand.class,
      MediaCommand.class,
      ScenarioCommand.class,
      SimCommand.class,
      SweepCommand.class,
      ReportCommand.class,
      RelayCommand.class,
      PublisherCommand.class,
      SubscriberCommand.class,
      WatchCommand.class,
      ChainCommand.class,
      LiveCommand.class,
      NetemCommand.class,
      CollectCommand.class,
      BenchCommand.class,
      TokenCommand.class,
      HelpCommand.class
    })
public final class MoqbedCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    System.exit(run(args, out, err));
  }

  /**
   * The command line as every run reads its arguments (a test parses documented commands with it):
   * the commands, and enum values in any case.
   */
  static CommandLine newCommandLine() {
    CommandLine commandLine = new CommandLine(new MoqbedCommand());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }

  /** Runs the application with the given streams; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine commandLine = newCommandLine();
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setParameterExceptionHandler(ErrorReporter::onBadArguments);
    commandLine.setExecutionExceptionHandler(ErrorReporter::onFailure);
    int exitCode = commandLine.execute(args);
    out.flush();
    err.flush();
    return exitCode;
  }
}
