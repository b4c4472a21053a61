"""Load-time graph pass for checkers that run one unpadded pair at a time.

A BERT-style export turns ``attention_mask`` into an additive mask (0 where a
token may be attended to) and adds it to every layer's attention scores. The
checker never pads (each pair runs alone), so that mask is all zeros: the
per-layer Add over heads x tokens x tokens and the ops that build the mask are
pure cost (5-6% of a 4-layer checker's time at 128-256 tokens). Removing them
leaves every logit bit-identical (tests/checker/test_graph.py).
"""

from __future__ import annotations

from typing import Any

__all__ = ["drop_attention_mask"]

MASK = "attention_mask"


def drop_attention_mask(model: Any) -> bool:
    """Remove the attention-mask path from ``model`` (an ``onnx.ModelProto``) in place.

    Only when the graph has the expected shape: every Softmax reads an Add of
    the scores (token content) and a tensor built from the mask alone. Anything else (a fused Attention
    node, a mask used for pooling) leaves the graph unchanged and returns False;
    the checker then keeps feeding an all-ones mask, which is equally exact.
    """
    graph = model.graph
    if MASK not in {i.name for i in graph.input}:
        return False
    # What depends on the mask, and what carries token content (the embedding
    # lookup onward; a Shape carries none). After the first layer the hidden
    # states depend on the mask too, so the mask side of each Add is the input
    # that depends on the mask and carries no content.
    derived, content = {MASK}, set()
    for node in graph.node:  # ONNX graphs are stored in topological order
        if any(i in derived for i in node.input):
            derived.update(node.output)
        lookup = node.op_type == "Gather" and len(node.input) == 2 and node.input[1] == "input_ids"
        if lookup or (node.op_type not in ("Shape", "Size") and any(i in content for i in node.input)):
            content.update(node.output)
    producers = {o: n for n in graph.node for o in n.output}
    softmax_inputs = [n.input[0] for n in graph.node if n.op_type == "Softmax"]
    if not softmax_inputs:
        return False
    bypass: dict[str, str] = {}
    for name in softmax_inputs:
        add = producers.get(name)
        if add is None or add.op_type != "Add" or len(add.input) != 2:
            return False
        masked = [x in derived and x not in content for x in add.input]
        if masked.count(True) != 1 or not all(x in content for x, m in zip(add.input, masked) if not m):
            return False
        bypass[add.output[0]] = add.input[masked.index(False)]
    nodes = [n for n in graph.node if not (n.op_type == "Add" and n.output[0] in bypass)]

    def inputs(node: Any) -> list[str]:
        return [bypass.get(i, i) for i in node.input]

    needed = {o.name for o in graph.output}
    live = []
    for node in reversed(nodes):
        if any(o in needed for o in node.output):
            live.append(node)
            needed.update(i for i in inputs(node) if i)
    if MASK in needed:  # the mask is used beyond the attention scores: keep all
        return False
    live.reverse()
    for node in live:
        rewired = inputs(node)
        del node.input[:]
        node.input.extend(rewired)
    del graph.node[:]
    graph.node.extend(live)
    kept_inits = [i for i in graph.initializer if i.name in needed]
    del graph.initializer[:]
    graph.initializer.extend(kept_inits)
    kept_inputs = [i for i in graph.input if i.name in needed]
    del graph.input[:]
    graph.input.extend(kept_inputs)
    return True
