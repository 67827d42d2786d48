package dev.moqbed.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version the build stamped into the application jar. */
final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() throws IOException {
    Properties properties = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("/moqbed-version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    }
    return new String[] {
      "moqbed " + properties.getProperty("version", "unknown"),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
    };
  }
}
