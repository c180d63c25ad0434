"""The arc-hybrid transition system (Kuhlmann et al. 2011) with labelled arcs, and its oracles.

A configuration is a stack, a buffer (the tokens ``b0 .. n`` not yet shifted, 1-based) and the
arcs built so far. Three moves:

- SHIFT: push ``b0`` onto the stack;
- LEFT-label: pop ``s0``, its head is ``b0``;
- RIGHT-label: pop ``s0``, its head is ``s1``.

There is no root token: when the buffer is empty and one token is left on the stack, it is
attached to the root (head 0), the *final root attachment*, which is not a move. So every
parse has one root. The reachable trees are the projective trees with one root.

A move and its label are one *class*: 0 is SHIFT, ``2 * l - 1`` LEFT with label id ``l`` and
``2 * l`` RIGHT with label id ``l`` (label ids count from 1; 0 means no label).

The oracles: :func:`static_oracle` gives the gold tree's move sequence (or None for a tree
the system cannot build: non-projective, or not one root); :func:`class_costs` gives, in any
configuration, the number of gold arcs each move loses (Goldberg & Nivre 2013's dynamic
oracle for arc-hybrid, with the final root attachment seen as a root token under the stack,
which the single-root rule changes nothing in). A gold tree is built by following zero-cost
moves from the start, whichever are picked; after a mistake, they lead to the best tree still
reachable.
"""
from __future__ import annotations

SHIFT, LEFT, RIGHT = 0, 1, 2


def n_classes(n_labels: int) -> int:
    """The number of classes with ``n_labels`` labels: SHIFT, then LEFT and RIGHT with each label."""
    return 2 * n_labels + 1


def move_of(cls: int) -> int:
    """The move (SHIFT, LEFT or RIGHT) of a class."""
    return SHIFT if cls == 0 else (LEFT if cls % 2 else RIGHT)


def label_of(cls: int) -> int:
    """The label id of a class (0 for SHIFT)."""
    return (cls + 1) // 2


def class_of(move: int, label: int) -> int:
    """The class of a move with a label id (ignored for SHIFT)."""
    return 0 if move == SHIFT else 2 * label - (move == LEFT)


class Configuration:
    """A parser state for a sentence of ``n`` tokens (numbered 1 to ``n``; 0 stands for none).

    Attributes
    ----------
    stack : list of int
        Token numbers, the top (``s0``) last.
    b : int
        The first token of the buffer (``b0``); the buffer is empty when ``b > n``.
    heads, labels : list of int
        By token (index 0 unused): the head (-1 while unattached, 0 for the root) and label id
        (0 for none and for the root).
    left1, left2, right1, right2 : list of int
        By token: its leftmost and second-leftmost, rightmost and second-rightmost children (0: none).
        Arc-hybrid attaches left children right to left and right children left to right, so the
        latest left (right) child is the leftmost (rightmost).
    n_left, n_right : list of int
        By token: how many left and right children it has.
    """

    __slots__ = ("n", "stack", "b", "heads", "labels", "left1", "left2", "right1", "right2", "n_left", "n_right")

    def __init__(self, n: int):
        self.n = n
        self.stack = []
        self.b = 1
        self.heads = [-1] * (n + 1)
        self.labels = [0] * (n + 1)
        self.left1, self.left2 = [0] * (n + 1), [0] * (n + 1)
        self.right1, self.right2 = [0] * (n + 1), [0] * (n + 1)
        self.n_left, self.n_right = [0] * (n + 1), [0] * (n + 1)

    def is_terminal(self) -> bool:
        """Whether no move is left: the buffer is empty and at most one token is on the stack."""
        return self.b > self.n and len(self.stack) <= 1

    def valid_moves(self) -> tuple[bool, bool, bool]:
        """Whether SHIFT, LEFT and RIGHT can be made."""
        buffer = self.b <= self.n
        return buffer, buffer and bool(self.stack), len(self.stack) >= 2

    def apply(self, cls: int) -> None:
        """Make the move of class ``cls`` (which must be valid)."""
        move = move_of(cls)
        if move == SHIFT:
            self.stack.append(self.b)
            self.b += 1
            return
        child = self.stack.pop()
        self.labels[child] = label_of(cls)
        if move == LEFT:
            head = self.heads[child] = self.b
            self.left2[head], self.left1[head] = self.left1[head], child
            self.n_left[head] += 1
        else:
            head = self.heads[child] = self.stack[-1]
            self.right2[head], self.right1[head] = self.right1[head], child
            self.n_right[head] += 1

    def finish(self) -> None:
        """The final root attachment: the last token on the stack gets head 0 (a terminal configuration)."""
        if self.stack:
            self.heads[self.stack[0]] = 0


def move_costs(config: Configuration, gold_heads) -> tuple[int, int, int]:
    """The gold arcs that SHIFT, LEFT and RIGHT would make unreachable (None for an invalid move).

    ``gold_heads`` is by token (index 0 unused), 0 for the root. The root arc is ``(0, r)`` of a
    root token 0 under the stack: ``r`` can get it only from the bottom of the stack.
    """
    stack, b, n = config.stack, config.b, config.n
    shift_ok, left_ok, right_ok = config.valid_moves()
    shift = left = right = None
    if shift_ok:
        head = gold_heads[b]
        lost_head = head in stack[:-1] or (head == 0 and len(stack) >= 1)
        shift = sum(gold_heads[s] == b for s in stack) + lost_head
    if stack:
        s0 = stack[-1]
        head = gold_heads[s0]
        dependents = sum(gold_heads[d] == s0 for d in range(b, n + 1))
        if left_ok:
            other_head = (b < head <= n or (len(stack) >= 2 and head == stack[-2])
                          or (head == 0 and len(stack) == 1))
            left = dependents + other_head
        if right_ok:
            right = dependents + (b <= head <= n)
    return shift, left, right


def class_costs(config: Configuration, gold_heads, gold_labels, n_labels: int) -> list:
    """The cost of every class (None for an invalid one): its move's cost, plus one for a wrong label
    on an arc whose head is right. ``gold_labels`` holds label ids by token."""
    shift, left, right = move_costs(config, gold_heads)
    costs = [shift] + [None] * (2 * n_labels)
    if left is None and right is None:
        return costs
    s0 = config.stack[-1]
    gold_label = gold_labels[s0]
    left_head = gold_heads[s0] == config.b
    right_head = len(config.stack) >= 2 and gold_heads[s0] == config.stack[-2]
    for label in range(1, n_labels + 1):
        if left is not None:
            costs[2 * label - 1] = left + (left_head and label != gold_label)
        if right is not None:
            costs[2 * label] = right + (right_head and label != gold_label)
    return costs


def static_oracle(gold_heads, gold_labels) -> list | None:
    """The classes that build the gold tree (heads and label ids by token, index 0 unused), or None
    when arc-hybrid cannot build it (a non-projective tree, or not exactly one root)."""
    n = len(gold_heads) - 1
    config = Configuration(n)
    classes = []
    while not config.is_terminal():
        stack, b = config.stack, config.b
        s0 = stack[-1] if stack else 0
        if s0 and b <= n and gold_heads[s0] == b:
            cls = class_of(LEFT, gold_labels[s0])
        elif (len(stack) >= 2 and gold_heads[s0] == stack[-2]
              and not any(gold_heads[d] == s0 for d in range(b, n + 1))):
            cls = class_of(RIGHT, gold_labels[s0])
        elif b <= n:
            cls = SHIFT
        else:
            return None
        config.apply(cls)
        classes.append(cls)
    config.finish()
    if config.heads[1:] != list(gold_heads[1:]) or config.labels[1:] != [
            0 if h == 0 else label for h, label in zip(gold_heads[1:], gold_labels[1:])]:
        return None
    return classes
