package dev.moqbed.app;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
    })
public final class MoqbedCommand implements Runnable {

  /**
   * The subcommands in the order help lists them. Not in the {@code @Command} annotation: picocli
   * would build the model of every one (reflection over each option of each command) before
   * parsing, which cost about half of a one-run {@code scenario run}'s CPU; {@link
   * #newCommandLine(String[])} adds only the one a command line names.
   */
  static final List<Class<?>> SUBCOMMANDS =
      List.of(
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
          HelpCommand.class);

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
   * The command line with every command (a test parses documented commands with it), enum values in
   * any case.
   */
  static CommandLine newCommandLine() {
    return newCommandLine(new String[0]);
  }

  /**
   * The command line for {@code args}: when the first argument names a command, only that command
   * (and its own subcommands), which parses and runs as with all of them; otherwise (help, a typo
   * to suggest for, the version) every command.
   */
  static CommandLine newCommandLine(String[] args) {
    CommandLine commandLine = new CommandLine(new MoqbedCommand());
    Class<?> named = args.length == 0 ? null : subcommandNamed(args[0]);
    for (Class<?> subcommand : SUBCOMMANDS) {
      if (named == null || named == subcommand) {
        commandLine.addSubcommand(subcommand);
      }
    }
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }

  /** The subcommand whose name or alias is {@code name}, read from its annotation; or null. */
  static Class<?> subcommandNamed(String name) {
    if (name.equals("help")) {
      return null; // help names the command to describe after it
    }
    for (Class<?> subcommand : SUBCOMMANDS) {
      Command command = subcommand.getAnnotation(Command.class);
      if (name.equals(command.name()) || List.of(command.aliases()).contains(name)) {
        return subcommand;
      }
    }
    return null;
  }

  /** Runs the application with the given streams; returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine commandLine = newCommandLine(args);
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
