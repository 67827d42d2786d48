package dev.moqbed.webtransport.qpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QpackStaticTableTest {
  @ParameterizedTest(name = "{0}: {1} {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "0|:authority|''",
        "1|:path|/",
        "15|:method|CONNECT",
        "17|:method|GET",
        "23|:scheme|https",
        "25|:status|200",
        "27|:status|404",
        "31|accept-encoding|gzip, deflate, br",
        "52|content-type|text/html; charset=utf-8",
        "63|:status|100",
        "67|:status|400",
        "72|accept-language|''",
        "85|content-security-policy|script-src 'none'; object-src 'none'; base-uri 'none'",
        "90|origin|''",
        "95|user-agent|''",
        "98|x-frame-options|sameorigin"
      })
  void shouldHoldRfc9204AppendixAEntriesAtTheirIndices(int index, String name, String value) {
    assertEquals(new HeaderField(name, value), QpackStaticTable.entry(index));
  }

  @Test
  void shouldHoldNinetyNineEntriesAndNothingPast() {
    Set<HeaderField> distinct = new HashSet<>();
    for (int index = 0; index < QpackStaticTable.SIZE; index++) {
      distinct.add(QpackStaticTable.entry(index));
    }
    assertEquals(99, distinct.size());
    assertNull(QpackStaticTable.entry(99));
    assertNull(QpackStaticTable.entry(-1));
  }

  @Test
  void shouldFindTheFirstIndexOfANameAndTheExactIndexOfALine() {
    assertEquals(15, QpackStaticTable.indexOfName(":method"));
    assertEquals(24, QpackStaticTable.indexOfName(":status"));
    assertEquals(27, QpackStaticTable.indexOf(new HeaderField(":status", "404")));
    assertEquals(-1, QpackStaticTable.indexOf(new HeaderField(":status", "429")));
    assertEquals(-1, QpackStaticTable.indexOfName(":protocol"));
  }
}
