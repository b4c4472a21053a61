"""The helper process of ``toulmin.pipeline.ner``: one JSON text per input line,
one line ``{"n": tokens, "ents": [[start, end, label], ...]}`` back.

    python -m toulmin.pipeline._ner_worker MODEL EXCLUDED,COMPONENTS
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    import spacy

    model, exclude = sys.argv[1], [x for x in sys.argv[2].split(",") if x]
    nlp = spacy.load(model, exclude=exclude)
    print("ready", flush=True)
    for line in sys.stdin:
        doc = nlp(json.loads(line))
        print(json.dumps({"n": len(doc), "ents": [[e.start, e.end, e.label_] for e in doc.ents]}),
              flush=True)


if __name__ == "__main__":
    main()
