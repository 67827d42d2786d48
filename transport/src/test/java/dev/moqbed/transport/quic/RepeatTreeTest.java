package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.StreamRepeats.LostPacket;
import dev.moqbed.transport.quic.StreamRepeats.Piece;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RepeatTree}'s links and its first node, against a walk of the whole tree, through random
 * insertions and deletions (of the first node, as sending does, and of others): the first node is
 * kept rather than walked to, so a wrong update would hand out a packet out of order.
 */
class RepeatTreeTest {
  private static LostPacket packet(long inFlightBytes) {
    return new LostPacket(
        StreamRepeatOrder.PICOQUIC, inFlightBytes, List.of(new Piece(0, 0, 1_000, false, 11, 4)));
  }

  @Test
  void shouldKeepTheFirstNodeAndTheLinksThroughRandomInsertionsAndDeletions() {
    Random random = new Random(7);
    RepeatTree tree = new RepeatTree();
    List<LostPacket> inTree = new ArrayList<>();
    for (int step = 0; step < 20_000; step++) {
      int choice = random.nextInt(10);
      if (choice < 5 || inTree.isEmpty()) {
        LostPacket added = packet(random.nextInt(50)); // equal keys too
        tree.insert(added);
        inTree.add(added);
      } else if (choice < 8) {
        LostPacket first = tree.first();
        tree.delete(first);
        assertTrue(inTree.remove(first));
      } else {
        LostPacket removed = inTree.remove(random.nextInt(inTree.size()));
        tree.delete(removed);
      }
      check(tree, inTree.size());
    }
  }

  @Test
  void shouldBeEmptyOnceTheLastNodeLeaves() {
    RepeatTree tree = new RepeatTree();
    LostPacket only = packet(5);
    tree.insert(only);
    assertSame(only, tree.first());
    tree.delete(only);
    assertTrue(tree.isEmpty());
    assertNull(tree.first());
  }

  /** The kept first node is the leftmost, every link goes both ways, the keys are in order. */
  private static void check(RepeatTree tree, int size) {
    List<LostPacket> inOrder = new ArrayList<>();
    LostPacket root = rootOf(tree);
    walk(root, null, inOrder);
    assertEquals(size, inOrder.size());
    assertEquals(size == 0, tree.isEmpty());
    assertSame(inOrder.isEmpty() ? null : inOrder.get(0), tree.first());
    for (int i = 1; i < inOrder.size(); i++) {
      assertTrue(inOrder.get(i - 1).compareTo(inOrder.get(i)) <= 0, "in order at " + i);
    }
  }

  private static LostPacket rootOf(RepeatTree tree) {
    LostPacket node = tree.first();
    while (node != null && node.parent != null) {
      node = node.parent;
    }
    return node;
  }

  private static void walk(LostPacket node, LostPacket parent, List<LostPacket> inOrder) {
    if (node == null) {
      return;
    }
    assertSame(parent, node.parent, "parent link");
    walk(node.left, node, inOrder);
    inOrder.add(node);
    walk(node.right, node, inOrder);
  }
}
