"""`gitmem_trailers` of many messages at once: what `gitmem log` reads on its first run.

One message at a time, the parse costs a dozen calls per message, which made most of a first
`gitmem log` over 20,000 op commits. Here the messages in the shape gitmem writes (the shape
`trailers._plain_block` reads: no line starting with ``#``, no ``---``, a last paragraph of
``Key: value`` lines only, not ending in ``Conflicts:``) are read together: their last
paragraphs are joined, checked by one ``fullmatch`` and split into pairs by one ``findall``.
Any other message goes through `parse_trailers` on its own. Tests hold the answer to
`gitmem_trailers` message by message.
"""

from __future__ import annotations

from collections.abc import Sequence

from gitmem import trailers as t

_EXACT = frozenset(t.KEYS)  # keys already in their canonical spelling: kept as they are


def many_gitmem_pairs(messages: Sequence[str]) -> tuple[list[tuple[str, str]], list[int]]:
    """The ``Gitmem-*`` trailers of each message, flat: every (key, value) pair message after
    message, and how many each message gave. `trailer_map` of a message's pairs is
    `gitmem_trailers(message)`."""
    counts = [0] * len(messages)
    parsed: dict[int, list[tuple[str, str]]] = {}  # messages read one by one
    blocks: list[str] = []
    owners: list[int] = []
    for index, message in enumerate(messages):
        if t._PREFIX not in message.lower():
            continue
        if "---" in message or message.startswith("#") or "\n#" in message:
            parsed[index] = t.gitmem_pairs(t.parse_trailers(message))
            continue
        start = message.rfind("\n\n")
        block = message[start + 2 :].removesuffix("\n")
        if start < 0 or not block or block.endswith("\nConflicts:") or block == "Conflicts:":
            parsed[index] = t.gitmem_pairs(t.parse_trailers(message))
            continue
        blocks.append(block)
        owners.append(index)
    if blocks and t._PLAIN_BLOCK.fullmatch("\n".join(blocks)) is None:
        kept = [t._PLAIN_BLOCK.fullmatch(block) is not None for block in blocks]
        for index, plain in zip(owners, kept):
            if not plain:
                parsed[index] = t.gitmem_pairs(t.parse_trailers(messages[index]))
        blocks = [block for block, plain in zip(blocks, kept) if plain]
        owners = [index for index, plain in zip(owners, kept) if plain]
    lines = t._PLAIN_LINE.findall("\n".join(blocks))  # one pair per line of every block
    sizes = [block.count("\n") + 1 for block in blocks]
    if not _EXACT.issuperset(key for key, _ in lines):  # other keys, or other spellings
        at = 0
        for index, size in zip(owners, sizes):
            parsed[index] = t.gitmem_pairs(lines[at : at + size])
            at += size
        owners, sizes, lines = [], [], []
    for index, size in zip(owners, sizes):
        counts[index] = size
    if not parsed:
        return lines, counts
    pairs: list[tuple[str, str]] = []
    at = 0
    for index, size in enumerate(counts):  # splice the messages read one by one back in
        if index in parsed:
            found = parsed[index]
            pairs += found
            counts[index] = len(found)
        else:
            pairs += lines[at : at + size]
            at += size
    return pairs, counts
