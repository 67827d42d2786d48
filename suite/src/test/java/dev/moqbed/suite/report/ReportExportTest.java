package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.Json;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class ReportExportTest {

  @Test
  void shouldWriteOneCsvLinePerCell() {
    String csv = ReportExport.render(TinyCase.model(true), ReportFormat.CSV);
    String[] lines = csv.split("\n");
    assertEquals(String.join(",", ReportExport.CELL_COLUMNS), lines[0]);
    assertEquals(1 + 4 * 3, lines.length, "4 metrics x 3 controllers");
    assertEquals(
        "network_events,alone,time_avg_us,c4,2,4050000,4000000,1.012,50000,true,c4,c4=bbr",
        lines[1]);
    assertEquals("network_events,alone,time_p90_us,bbr,2,4290000,,,,,c4,", lines[5]);
  }

  @Test
  void shouldWriteCellsVerdictsAndSummaryAsJson() {
    Object parsed = Json.parse(ReportExport.render(TinyCase.model(true), ReportFormat.JSON));
    Map<?, ?> document = (Map<?, ?>) parsed;
    assertEquals(6L, document.get("runs"));
    assertEquals(List.of("c4", "bbr", "cubic"), document.get("cc"));
    assertEquals(12, ((List<?>) document.get("cells")).size());
    assertEquals(4, ((List<?>) document.get("verdicts")).size());
    Map<?, ?> summary = (Map<?, ?>) document.get("summary");
    assertEquals(6L, summary.get("within_tolerance"));
    assertEquals(8L, summary.get("compared"));
    assertEquals(2L, summary.get("c4_better_than_both"));
    assertEquals(4L, summary.get("c4_comparisons"));
    Map<?, ?> firstCell = (Map<?, ?>) ((List<?>) document.get("cells")).get(0);
    assertEquals(1.0125, firstCell.get("ratio"));
    assertEquals(true, firstCell.get("within_tolerance"));
  }

  @Test
  void shouldWriteSelfContainedHtmlWhoseChartsAreWellFormedSvg() throws Exception {
    String html = HtmlReport.render(TinyCase.model(true));

    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertFalse(html.contains("<script"), "no script");
    assertFalse(
        html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").contains("http"),
        "nothing fetched from elsewhere");
    Matcher svg = Pattern.compile("<svg.*?</svg>", Pattern.DOTALL).matcher(html);
    int charts = 0;
    while (svg.find()) {
      Document document =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(new ByteArrayInputStream(svg.group().getBytes(StandardCharsets.UTF_8)));
      assertEquals("svg", document.getDocumentElement().getTagName());
      charts++;
    }
    assertEquals(5, charts, "four metric bar charts and one completion-time CDF");
    assertTrue(html.contains("<polyline"), "the CDF has lines");
    assertTrue(html.contains("stroke-dasharray"), "the draft's average is marked on the CDF");
  }

  @Test
  void shouldRoundAxisTopsToOneTwoOrFiveTimesAPowerOfTen() {
    assertEquals(5.0, SvgCharts.niceCeiling(4.3), 1e-12);
    assertEquals(200.0, SvgCharts.niceCeiling(101), 1e-12);
    assertEquals(0.25, SvgCharts.niceCeiling(0.21), 1e-12);
    assertEquals(1000.0, SvgCharts.niceCeiling(1000), 1e-9);
  }
}
