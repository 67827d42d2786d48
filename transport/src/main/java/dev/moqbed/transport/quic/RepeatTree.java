package dev.moqbed.transport.quic;

import dev.moqbed.transport.quic.StreamRepeats.LostPacket;

/**
 * A bottom-up splay tree of lost packets, the structure picoquic queues them in (picosplay.c): an
 * insertion goes down as in any binary search tree (left when smaller, else right, so equal keys
 * keep their arrival order) and splays the new node to the root; a deletion splays the node to the
 * root and puts the leftmost node of its right subtree in its place; the first node is the
 * leftmost, found without splaying (here kept, not walked to). The shape matters here, not only the
 * order: the first packet's key can grow in place ({@link StreamRepeats}), and a later insertion
 * then lands where the comparisons along its own path send it.
 */
final class RepeatTree {
  private LostPacket root;

  /**
   * The leftmost node, kept as nodes come and go: rotations keep the in-order sequence, so only an
   * insertion or a deletion moves it. picoquic walks the left spine on every look, and a peer that
   * makes a window's packets lost in turn leaves one as long as the window.
   */
  private LostPacket first;

  boolean isEmpty() {
    return root == null;
  }

  LostPacket first() {
    return first;
  }

  void insert(LostPacket added) {
    added.left = null;
    added.right = null;
    added.parent = null;
    if (root == null) {
      root = added;
      first = added;
      return;
    }
    LostPacket current = root;
    while (true) {
      if (added.compareTo(current) < 0) {
        if (current.left == null) {
          current.left = added;
          break;
        }
        current = current.left;
      } else {
        if (current.right == null) {
          current.right = added;
          break;
        }
        current = current.right;
      }
    }
    added.parent = current;
    if (current == first && current.left == added) {
      first = added;
    }
    splay(added);
  }

  void delete(LostPacket removed) {
    if (removed == first) {
      first = removed.right != null ? leftmost(removed.right) : removed.parent;
    }
    splay(removed);
    if (removed.left == null) {
      root = removed.right;
      if (root != null) {
        root.parent = null;
      }
    } else if (removed.right == null) {
      root = removed.left;
      root.parent = null;
    } else {
      LostPacket successor = leftmost(removed.right);
      if (successor.parent != removed) {
        successor.parent.left = successor.right;
        if (successor.right != null) {
          successor.right.parent = successor.parent;
        }
        successor.right = removed.right;
        successor.right.parent = successor;
      }
      root = successor;
      successor.parent = null;
      successor.left = removed.left;
      successor.left.parent = successor;
    }
    removed.parent = null;
    removed.left = null;
    removed.right = null;
  }

  private static LostPacket leftmost(LostPacket node) {
    while (node.left != null) {
      node = node.left;
    }
    return node;
  }

  /** Rotates {@code node} up to the root: zig, zig-zig (parent first) or zig-zag. */
  private void splay(LostPacket node) {
    while (node.parent != null) {
      LostPacket parent = node.parent;
      LostPacket grand = parent.parent;
      if (grand == null) {
        rotateUp(node);
      } else if ((node == parent.left) == (parent == grand.left)) {
        rotateUp(parent);
        rotateUp(node);
      } else {
        rotateUp(node);
        rotateUp(node);
      }
    }
    root = node;
  }

  /** Makes {@code child} take its parent's place, the parent becoming its child. */
  private static void rotateUp(LostPacket child) {
    LostPacket parent = child.parent;
    LostPacket grand = parent.parent;
    if (parent.left == child) {
      parent.left = child.right;
      if (child.right != null) {
        child.right.parent = parent;
      }
      child.right = parent;
    } else {
      parent.right = child.left;
      if (child.left != null) {
        child.left.parent = parent;
      }
      child.left = parent;
    }
    parent.parent = child;
    child.parent = grand;
    if (grand != null) {
      if (grand.left == parent) {
        grand.left = child;
      } else {
        grand.right = child;
      }
    }
  }
}
