package dev.moqbed.transport.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** One buffer moved from delivery to delivery; a delivery inside another gets its own. */
class DeliveryViewTest {
  @Test
  void reusesOneBufferAndGivesANestedDeliveryItsOwn() {
    DeliveryView deliveries = new DeliveryView();
    byte[] packet = new byte[100];
    ByteBuffer first = deliveries.over(packet, 10, 20);
    assertEquals(10, first.position());
    assertEquals(30, first.limit());
    first.position(first.limit()); // the session read it all

    ByteBuffer nested = deliveries.over(packet, 40, 5);
    assertNotSame(first, nested);
    assertEquals(40, nested.position());
    assertEquals(45, nested.limit());
    deliveries.done(nested);
    deliveries.done(first);

    ByteBuffer next = deliveries.over(packet, 60, 30);
    assertSame(first, next);
    assertEquals(60, next.position());
    assertEquals(90, next.limit());
    deliveries.done(next);
    ByteBuffer otherArray = deliveries.over(new byte[8], 0, 8);
    assertEquals(8, otherArray.remaining());
  }
}
