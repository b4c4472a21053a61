import random

import bm25s
import numpy as np

from toulmin.link.bm25 import Bm25, tokenize

STOP = frozenset(bm25s.stopwords.STOPWORDS_EN)
WORDS = ("bridge river span steel tower cable 1937 golden gate red orange navy architect "
         "morrow strauss ellis fog bay city toll traffic lane north south of the a is was it").split()


def _corpus(rng: random.Random) -> list[str]:
    docs = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 40))) for _ in range(rng.randint(1, 60))]
    return [*docs, "It was.", "", "Ü-Bahn naïve café, e.g. x y"]


def test_scores_equal_bm25s_to_the_bit():
    rng = random.Random(7)
    for _ in range(40):
        docs = _corpus(rng)
        ref = bm25s.BM25()
        ref.index(bm25s.tokenize(docs, stopwords="en", show_progress=False), show_progress=False)
        mine = Bm25([tokenize(d, STOP) for d in docs])
        for _ in range(5):
            query = tokenize(" ".join(rng.choice([*WORDS, "unseen"]) for _ in range(12)), STOP)
            query += query[:3]  # a repeated term counts again, in both
            known = [t for t in query if t in ref.vocab_dict]
            want = ref.get_scores(known) if known else np.zeros(len(docs), dtype=np.float32)
            got = mine.scores(query)
            assert got.dtype == want.dtype and np.array_equal(got, want)


def test_tokens_equal_bm25s():
    docs = _corpus(random.Random(3))
    ref = bm25s.tokenize(docs, stopwords="en", show_progress=False)
    words = {i: w for w, i in ref.vocab.items()}
    assert [[words[i] for i in ids] for ids in ref.ids] == [tokenize(d, STOP) for d in docs]


def test_stop_words_only_score_zero():
    index = Bm25([tokenize("It was a.", STOP), []])
    assert index.scores(["bridge"]).tolist() == [0.0, 0.0]


def test_window_tokens_from_sentence_tokens_equal_the_window_tokenised_whole() -> None:
    from toulmin.link.linker import _stop_words, make_units, unit_tokens
    from toulmin.sources import Source
    from toulmin.text import split_sentences

    texts = [
        "Dr. Smith met J.K. Rowling in 2019. They talked!Really? Yes.\n\nNext paragraph here.",
        "In 2020.The year ended. ΟΔΟΣ ΑΒ.Α ΟΔΟΣ. Σ is a letter.",  # touching sentences, final sigma
        "- bullet one.\n- bullet two.\tTabbed sentence.  Two spaces.",
    ]
    rng = random.Random(3)
    words = ["alpha", "Beta", "the", "3.5", "U.S.", "x", "ΟΔΟΣ.", "end.", "why?", "\n", "2020.The"]
    texts += [" ".join(rng.choice(words) for _ in range(60)) for _ in range(50)]
    stop = _stop_words()
    compared = 0
    for text in texts:
        sources = [Source(id="s", text=text)]
        sents = [split_sentences(text)]
        units = make_units(sources, 3, sents)
        for unit, tokens in zip(units, unit_tokens(units, sources, sents, stop), strict=True):
            assert tokens == tokenize(unit.text, stop), unit.text
            compared += unit.first != unit.last
    assert compared > 500


def test_a_window_whose_sentences_touch_is_tokenised_whole() -> None:
    """Lower-casing reads across the join: a final sigma before "." and a letter is no
    final sigma, so the sentences' own tokens would differ from the window's."""
    from toulmin.link.linker import _stop_words, make_units, unit_tokens
    from toulmin.sources import Source
    from toulmin.text import Span

    text = "ΟΔΟΣ.Αβγ δέλτα"
    sents = [[Span(0, 5, text[:5]), Span(5, len(text), text[5:])]]
    sources = [Source(id="s", text=text)]
    units = make_units(sources, 2, sents)
    stop = _stop_words()
    assert tokenize("ΟΔΟΣ.", stop) != tokenize(text, stop)[:1]
    assert unit_tokens(units, sources, sents, stop)[-1] == tokenize(text, stop) == ["οδοσ", "αβγ", "δέλτα"]


def test_a_subset_and_each_source_score_as_an_index_of_them_alone_would() -> None:
    import random

    import numpy as np

    from toulmin.link.bm25 import Bm25

    rng = random.Random(1)
    words = [f"w{i}" for i in range(40)]
    docs = [[rng.choice(words) for _ in range(rng.randint(1, 12))] for _ in range(200)]
    group = np.array([rng.randrange(5) for _ in docs])
    index = Bm25(docs)
    for _ in range(30):
        q = [rng.choice(words) for _ in range(rng.randint(1, 6))]
        by = index.scores_by(q, group)
        for g in range(5):
            alone = Bm25([d for d, x in zip(docs, group) if x == g]).scores(q)
            assert np.array_equal(by[group == g], alone)
        mask = group < 2
        within = index.scores(q, within=mask)
        assert np.array_equal(within[mask], Bm25([d for d, m in zip(docs, mask) if m]).scores(q))
        assert not within[~mask].any()
