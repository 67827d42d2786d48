package dev.moqbed.live;

import java.util.ArrayList;
import java.util.List;

/** Reads samples out of Prometheus text, for tests. */
final class PrometheusText {
  private final String text;

  PrometheusText(String text) {
    this.text = text;
  }

  /** The values of every sample of {@code name} carrying all {@code labels} ("key=value"). */
  List<Double> values(String name, String... labels) {
    List<Double> values = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      String series = line.substring(0, space);
      int brace = series.indexOf('{');
      String metric = brace < 0 ? series : series.substring(0, brace);
      if (!metric.equals(name)) {
        continue;
      }
      boolean all = true;
      for (String label : labels) {
        String[] pair = label.split("=", 2);
        if (!series.contains(pair[0] + "=\"" + pair[1] + "\"")) {
          all = false;
        }
      }
      if (all) {
        values.add(Double.parseDouble(line.substring(space + 1)));
      }
    }
    return values;
  }

  /** The one sample of {@code name} with {@code labels}; fails if there is none or several. */
  double value(String name, String... labels) {
    List<Double> values = values(name, labels);
    if (values.size() != 1) {
      throw new AssertionError(
          values.size() + " samples of " + name + " " + List.of(labels) + " in:\n" + text);
    }
    return values.get(0);
  }

  @Override
  public String toString() {
    return text;
  }
}
