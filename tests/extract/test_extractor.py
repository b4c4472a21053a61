from __future__ import annotations

import pytest

from toulmin.extract.extractor import SpacyExtractor

SEED = (
    "The Phase 2 trial showed an 81% success rate with 340 participants across 12 sites. "
    "The trial was led by Dr. Smith and received FDA fast-track designation in March 2024."
)


def test_seed_example_gives_five_claims_with_offsets(ex: SpacyExtractor) -> None:
    claims = ex.extract(SEED)
    assert [c.text for c in claims] == [
        "The Phase 2 trial showed an 81% success rate.",
        "The Phase 2 trial showed an 81% success rate with 340 participants.",
        "The Phase 2 trial showed an 81% success rate across 12 sites.",
        "The trial was led by Dr. Smith.",
        "The trial received FDA fast-track designation in March 2024.",
    ]
    assert [SEED[c.start : c.end] for c in claims] == [
        "The Phase 2 trial showed an 81% success rate",
        "with 340 participants",
        "across 12 sites",
        "The trial was led by Dr. Smith",
        "received FDA fast-track designation in March 2024",
    ]
    assert all(c.focus == SEED[c.start : c.end] for c in claims)
    assert [c.id for c in claims] == ["c1", "c2", "c3", "c4", "c5"]
    assert [c.type for c in claims] == ["numeric", "numeric", "numeric", "relation", "numeric"]


def test_date_and_scope_modifiers_are_separate_claims(ex: SpacyExtractor) -> None:
    claims = ex.extract("The drug was approved in 2019 for adults.")
    assert [c.text for c in claims] == ["The drug was approved in 2019.", "The drug was approved for adults."]
    assert [c.type for c in claims] == ["numeric", "qualifier"]


@pytest.mark.parametrize(
    ("answer", "claims", "highlights"),
    [
        ("Revenue rose 5% in 2023, while costs fell 3%.",
         ["Revenue rose 5% in 2023.", "Costs fell 3%."], ["Revenue rose 5% in 2023", "costs fell 3%"]),
        ("The north is dry, whereas the south gets 900 mm of rain.",
         ["The north is dry.", "The south gets 900 mm of rain."],
         ["The north is dry", "the south gets 900 mm of rain"]),
        # a leading contrast clause comes first, without its comma
        ("Whereas the first model used 6 layers, the second used 12.",
         ["The first model used 6 layers.", "The second used 12."],
         ["the first model used 6 layers", "the second used 12"]),
        # temporal "while", or a pronoun subject the split would leave unresolved: one claim
        ("He was injured while playing in the 2019 final.",
         ["He was injured while playing in the 2019 final."],
         ["He was injured while playing in the 2019 final"]),
        ("While sales rose in Europe, they fell in Asia.",
         ["While sales rose in Europe, they fell in Asia."],
         ["While sales rose in Europe, they fell in Asia"]),
    ],
)
def test_contrasted_clauses_are_separate_claims(
    ex: SpacyExtractor, answer: str, claims: list[str], highlights: list[str]
) -> None:
    got = ex.extract(answer)
    assert [c.text for c in got] == claims
    assert [answer[c.start : c.end] for c in got] == highlights
    assert [c.id for c in got] == [f"c{i + 1}" for i in range(len(claims))]


@pytest.mark.parametrize(
    ("answer", "claims"),
    [
        # a phrase that qualifies a noun stays with it: cut off, it would be a claim
        # the answer did not make ("approved it with severe asthma")
        ("The FDA approved it in March 2024 for patients with severe asthma.",
         ["The FDA approved it in March 2024.", "The FDA approved it for patients with severe asthma."]),
        ("The drug was approved in 2019 for adults over 65.",
         ["The drug was approved in 2019.", "The drug was approved for adults over 65."]),
        # the parser hangs "over 65" off the verb; it still qualifies "adults"
        ("Aspirin relieves pain in adults over 65.", ["Aspirin relieves pain in adults over 65."]),
        # a nested phrase that counts something is a fact of its own
        ("The study followed 340 participants across 12 sites in Europe.",
         ["The study followed 340 participants.",
          "The study followed 340 participants across 12 sites in Europe."]),
    ],
)
def test_qualifiers_stay_with_the_noun_they_qualify(
    ex: SpacyExtractor, answer: str, claims: list[str]
) -> None:
    assert [c.text for c in ex.extract(answer)] == claims


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("The park includes a small lake.", "existence"),
        ("The old building contained a chapel.", "existence"),
        ("There are two versions of the song.", "existence"),
        ("The bridge remained closed.", "attribute"),
        ("The festival became popular.", "attribute"),
        ("The company builds ships.", "action"),
    ],
)
def test_claim_types_read_the_verbs_lemma_not_its_form(ex: SpacyExtractor, answer: str, kind: str) -> None:
    (claim,) = ex.extract(answer)
    assert claim.type == kind


def test_trivial_sentences_and_meta_prefix(ex: SpacyExtractor) -> None:
    claims = ex.extract(
        "Hello! Based on the sources, the drug costs about $300 per month. "
        "Is that helpful? I hope this helps."
    )
    assert [(c.text, c.trivial) for c in claims] == [
        ("Hello!", True),
        ("The drug costs about $300 per month.", False),
        ("Is that helpful?", True),
        ("I hope this helps.", True),
    ]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # the word of a pleasantry opens a statement: the claim keeps it, and is checked
        ("No patient died during the study period.", ("No patient died during the study period.", False)),
        ("No participant left the trial.", ("No participant left the trial.", False)),
        ("Overall survival was 12 months.", ("Overall survival was 12 months.", False)),
        ("Sure enough the bridge opened in 1937.", ("Sure enough the bridge opened in 1937.", False)),
        # an assent before a statement is dropped, the statement checked (it was TRIVIAL)
        ("Certainly the drug works in adults.", ("The drug works in adults.", False)),
        # set apart by a comma it is a lead-in, dropped from the claim it opens
        ("No, the bridge opened in 1937.", ("The bridge opened in 1937.", False)),
        ("Yes, it was completed in 1889.", ("It was completed in 1889.", False)),
        # alone, or with nothing stated, it is a pleasantry
        ("Yes, it is.", ("Yes, it is.", True)),
        ("Sure, happy to help!", ("Sure, happy to help!", True)),
        ("No.", ("No.", True)),
    ],
)
def test_a_pleasantry_word_never_turns_a_statement_into_another_or_into_nothing(
    ex: SpacyExtractor, answer: str, expected: tuple[str, bool]
) -> None:
    assert [(c.text, c.trivial) for c in ex.extract(answer)] == [expected]


def test_leading_pronoun_is_resolved_from_previous_subject(ex: SpacyExtractor) -> None:
    claims = ex.extract("Marie Curie was born in Warsaw. She won two Nobel Prizes.")
    assert claims[-1].text == "Marie Curie won two Nobel Prizes."
    # offsets still point at the answer's own words
    assert claims[-1].focus.startswith("She")


def test_hedges_stay_inside_their_claim(ex: SpacyExtractor) -> None:
    claims = ex.extract("The vaccine may reduce hospital stays by about 20% in older patients.")
    assert any("may" in c.text and "about 20%" in c.text for c in claims)
    assert not any(c.text.startswith("About") for c in claims)


def test_fragment_answer_uses_the_question(ex: SpacyExtractor) -> None:
    claims = ex.extract("Paris", question="What is the capital of France?")
    assert len(claims) == 1 and claims[0].text == "Question: What is the capital of France? Answer: Paris"
    assert claims[0].focus == "Paris" and not claims[0].trivial


def test_claim_free_answer(ex: SpacyExtractor) -> None:
    assert all(c.trivial for c in ex.extract("Thanks! Let me know if you have more questions."))


def test_pleasantries_only_when_they_are_the_whole_sentence(ex: SpacyExtractor) -> None:
    claims = ex.extract(
        "Sure, the drug was approved in 2019. Thanks for asking! History shows that Rome fell. "
        "In summary, the trial worked. Thanks to the new law, prices fell by 5%. Hope this helps!"
    )
    assert [(c.text, c.trivial) for c in claims] == [
        ("The drug was approved in 2019.", False),
        ("Thanks for asking!", True),
        ("History shows that Rome fell.", False),
        ("The trial worked.", False),
        ("Thanks to the new law, prices fell by 5%.", False),
        ("Hope this helps!", True),
    ]


def test_chat_about_the_speaker_is_trivial(ex: SpacyExtractor) -> None:
    claims = ex.extract("I loved that book. You should read it. The book was written by George Orwell.")
    assert [c.trivial for c in claims] == [True, True, False]


@pytest.mark.parametrize(("sentence", "trivial"), [
    # instructions and permissions to the reader are claims about what the source allows
    ("You should wash the HEPA filter with water.", False),
    ("You can take the drug with food.", False),
    ("You may bring a guest once a month.", False),
    ("You must not wash the HEPA filter.", False),
    ("You need to replace the filter every three months.", False),
    # recommendations of taste, and advice on nothing the answer names, stay chat
    ("You should see it.", True),
    ("You have to see the movie!", True),
    ("You should try it sometime.", True),
    ("I think you should try the pasta.", True),
])
def test_advice_and_permissions_are_claims(ex: SpacyExtractor, sentence: str, trivial: bool) -> None:
    assert [c.trivial for c in ex.extract(sentence)][:1] == [trivial]


def test_a_conjunction_left_at_a_clause_end_is_dropped(ex: SpacyExtractor) -> None:
    answer = "yes The Age of Innocence is written by Jay Cocks and its also written by Edith Wharton."
    first = ex.extract(answer)[0]
    assert first.text == "The Age of Innocence is written by Jay Cocks."
    assert answer[first.start : first.end] == "The Age of Innocence is written by Jay Cocks"
    # a conjunction inside a claim stays
    assert [c.text for c in ex.extract("He likes rock and roll.")] == ["He likes rock and roll."]


def test_a_clause_with_nothing_left_gives_no_claim_and_no_crash(ex: SpacyExtractor) -> None:
    # the parser reads "co-written" as two coordinated verbs, one of them an empty clause
    answer = ("Question: Diane Roark was wrongly suspected of leaking information to a New York Times "
              "reporter that has co-written two books about what agency? Answer: Diane Roark was wrongly "
              "suspected of leaking information to a New York Times reporter who has co-written about the "
              "history of the CIA.")
    claims = ex.extract(answer)
    assert claims and all(c.text != "Diane Roark." for c in claims)
    assert all(answer[c.start : c.end] for c in claims)


@pytest.mark.parametrize(
    "answer",
    ["The HX200 is currently selling at roughly 25% off its list price.",
     "The house is listed at 7% above the median sale price."],
)
def test_what_a_share_is_of_stays_with_it(ex: SpacyExtractor, answer: str) -> None:
    # "selling at roughly 25%" alone is a claim the answer did not make
    assert [c.text for c in ex.extract(answer)] == [answer]


def test_a_hyphen_inside_a_word_stays_when_a_modifier_is_split_off(ex: SpacyExtractor) -> None:
    # the dash glue between modifiers is dropped with them; "first-line" is one word
    answer = "Metformin is the first-line treatment for type 2 diabetes."
    claims = ex.extract(answer)
    assert [c.text for c in claims] == ["Metformin is the first-line treatment.",
                                        "Metformin is the first-line treatment for type 2 diabetes."]
    assert answer[claims[0].start : claims[0].end] == "Metformin is the first-line treatment"


@pytest.mark.parametrize(
    ("answer", "texts", "highlights"),
    [
        # a subject pronoun after a lead-in is the sentence's subject all the same
        ("The drug was approved in 2019. In 2022 it was the most prescribed drug.",
         ["The drug was approved in 2019.", "In 2022 the drug was the most prescribed drug."],
         ["The drug was approved in 2019", "In 2022 it was the most prescribed drug"]),
        # the pronoun subject of a coordinated clause takes its sentence's subject
        ("Metformin is cheap, and it works well.", ["Metformin is cheap.", "Metformin works well."],
         ["Metformin is cheap", "it works well"]),
        # a dummy "it" stands for nothing
        ("Apple Watch is great, but it turns out that it is not waterproof.",
         ["Apple Watch is great.", "It turns out that it is not waterproof."],
         ["Apple Watch is great", "it turns out that it is not waterproof"]),
        # ... only one that agrees with it: "it" is not Maria
        ("Maria founded the firm. In 2010 she sold it, and it grew.",
         ["Maria founded the firm.", "In 2010 Maria sold it.", "It grew."],
         ["Maria founded the firm", "In 2010 she sold it", "it grew"]),
    ],
)
def test_pronoun_subjects_are_resolved_inside_the_sentence_too(
    ex: SpacyExtractor, answer: str, texts: list[str], highlights: list[str]
) -> None:
    claims = ex.extract(answer)
    assert [c.text for c in claims] == texts
    assert [answer[c.start : c.end] for c in claims] == highlights


def test_a_highlight_stops_before_the_answers_closing_full_stop_and_newline(ex: SpacyExtractor) -> None:
    answer = "It rarely causes low blood sugar, and it was discovered by Jean Sterne.\n"
    claims = ex.extract(answer)
    assert answer[claims[-1].start : claims[-1].end] == "it was discovered by Jean Sterne"


def test_a_claim_cut_from_a_clause_keeps_the_whole_clause(ex: SpacyExtractor) -> None:
    claims = ex.extract("Metformin is cheap. It was introduced in the United States in 1957.")
    assert [c.clause for c in claims] == ["", "Metformin was introduced in the United States in 1957.",
                                          "Metformin was introduced in the United States in 1957."]


def test_a_comma_between_two_kept_words_stays(ex: SpacyExtractor) -> None:
    claims = ex.extract("It is the most visited paid monument in the world, with about 7 million visitors "
                        "every year, most of them from France.")
    assert all("every year, most of them" in c.text for c in claims)
    assert not any(" ,"in c.text or ",," in c.text for c in claims)


def test_a_coordinated_participle_keeps_the_shared_auxiliary(ex: SpacyExtractor) -> None:
    claims = ex.extract("The study was funded by the National Institutes of Health and published in "
                        "The Lancet.")
    assert [c.text for c in claims] == ["The study was funded by the National Institutes of Health.",
                                        "The study was published in The Lancet."]
    # an active past tense joined to a passive takes no auxiliary
    claims = ex.extract("He was born in Paris and moved to London in 1990.")
    assert [c.text for c in claims] == ["He was born in Paris.", "He moved to London in 1990."]


def test_a_pronoun_stands_for_the_subject_without_its_aside(ex: SpacyExtractor) -> None:
    claims = ex.extract("Python 3.0, released in 2008, was not backward compatible. "
                        "It is the most popular language.")
    assert [c.text for c in claims] == ["Python 3.0, released in 2008, was not backward compatible.",
                                        "Python 3.0 is the most popular language."]


def test_a_hedged_claim_about_someone_else_stays_a_claim(ex: SpacyExtractor) -> None:
    (c,) = ex.extract("I believe the movie was directed by Steven Spielberg.")
    assert not c.trivial and c.text == "I believe the movie was directed by Steven Spielberg."
    hedged = ex.extract("I would say the mystery written by J.K. Rowling is closer to Dark Shadows.")
    assert not hedged[0].trivial
    for chat in ("I think that is a great choice.", "I think you would enjoy it.", "I know what you mean."):
        assert all(c.trivial for c in ex.extract(chat)), chat


def test_a_name_with_initials_is_one_claim_and_one_name(ex: SpacyExtractor) -> None:
    claims = ex.extract("The novel was released in 2003. The novel was written by J.K. Rowling.")
    assert [c.text for c in claims] == ["The novel was released in 2003.",
                                        "The novel was written by J.K. Rowling."]
    assert claims[1].names == ["J.K. Rowling"]


def test_an_answer_over_the_parsers_limit_is_a_clear_error(ex: SpacyExtractor) -> None:
    """A long answer is parsed a block of sentences at a time; one stretch without a
    sentence end longer than spaCy's limit cannot be, and is refused before parsing."""
    from toulmin.errors import InputError

    with pytest.raises(InputError) as e:
        ex.extract("The trial enrolled participants " * 35_000)
    assert e.value.code == "E_TOO_LARGE" and "1,000,000" in e.value.message and e.value.fix


def test_an_answer_over_four_million_characters_is_refused_before_parsing(ex: SpacyExtractor) -> None:
    from toulmin.errors import InputError
    from toulmin.text import MAX_ANSWER_CHARS

    assert MAX_ANSWER_CHARS == 4_000_000
    with pytest.raises(InputError) as e:
        ex.extract("The trial enrolled 340 participants. " * 110_000)
    assert e.value.code == "E_TOO_LARGE" and "4,000,000" in e.value.message and e.value.fix


def test_an_answer_over_the_answer_limit_is_refused(ex: SpacyExtractor,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from toulmin.errors import InputError
    from toulmin.extract import extractor as rules

    monkeypatch.setattr(rules, "MAX_ANSWER_CHARS", 40)
    with pytest.raises(InputError) as e:
        ex.extract("The trial enrolled 340 participants in 2024.")
    assert e.value.code == "E_TOO_LARGE" and "reads at most 40" in e.value.message


def test_names_come_from_the_entity_index_built_once_per_doc(ex: SpacyExtractor) -> None:
    """Issue 31: ``doc.ents`` read for every claim made extraction quadratic; the index
    gives each claim the same names as reading every entity of the doc would."""
    from toulmin.extract import extractor as rules

    doc = ex._parse("Dr. Smith led the trial in Boston. Pfizer and Moderna ran it with Jane Doe in Paris.")
    slow = [e for e in doc.ents if e.label_ in rules._MUST_NAME and len(e.text) > 1
            and e.text.rstrip(".").lower() not in rules.TITLES]
    for sent in doc.sents:
        got = rules._names(doc, range(sent.start, sent.end))
        assert got["names"] == [e.text for e in slow if sent.start <= e.start and e.end <= sent.end]
    assert rules._names(doc, [])["names"] == []
    assert rules._entity_index(doc) is rules._entity_index(doc)
    people = rules._names(doc, range(len(doc)))["people"]
    assert people == [e.text for e in slow if e.label_ == "PERSON"] and "Jane Doe" in people


def test_a_capitalised_word_the_recogniser_misses_is_a_lone_name(ex: SpacyExtractor) -> None:
    (c,) = ex.extract("Person1 invites Harriet to go workout.")
    assert c.names == [] and c.lone_names == ["Harriet"]
    # a sentence's subject the tagger takes for an adjective is one too; a contraction
    # written without its apostrophe is not
    assert ex.extract("Harriet comforts Jenny.")[0].lone_names == ["Harriet"]
    assert all(not c.lone_names for c in ex.extract("Ill do my best."))
    # a recogniser's name that opens with a verb is a misreading of the tag after it
    assert ex.extract("Person1 congratulates Person2's award.")[0].names == []


def test_a_name_the_recogniser_runs_across_a_verb_is_cut_there(ex: SpacyExtractor) -> None:
    # spaCy's small model reads "Frank invites Besty" as one ORG
    (c,) = ex.extract("Frank invites Besty to the party to celebrate his big promotion.")
    assert c.names == ["Frank", "Besty"]
    assert ex.extract("The Bank of England raised rates.")[0].names == ["The Bank of England"]


@pytest.mark.parametrize("answer", [
    "Person1 asks Person2 the sort of warranty comes with the stereo, the conditions of the store "
    "policy, and how to get the manufacturer's warranty.",
    "Person1 has an Italian tiramisu, which Person2 thinks delicious.",
    "Person1 and Person2 discuss which restaurant they should go to.",
])
def test_a_clause_the_parse_makes_non_projective_keeps_the_answers_word_order(
        ex: SpacyExtractor, answer: str) -> None:
    # the parse hangs a word after the verb off a word before it; its subtree then yields
    # them out of order ("discuss they should go which restaurant to")
    claims = ex.extract(answer)
    assert [c.text for c in claims] == [answer]
    assert (claims[0].start, claims[0].end) == (0, len(answer) - 1)


@pytest.mark.parametrize(("answer", "second"), [
    ("Person2 likes a skirt. It is ridiculously expensive.", "It is ridiculously expensive."),
    ("Person2 buys the dress and it's cheap.", "It's cheap."),
    ("The grandpa thinks it's not difficult to use these machines and it's faster than dealing with "
     "the bank clerk.", "It's faster than dealing with the bank clerk."),
])
def test_it_never_stands_for_a_speaker_or_a_person_named_by_what_they_are(
        ex: SpacyExtractor, answer: str, second: str) -> None:
    # "Person2 is ridiculously expensive" would be a claim the answer did not make
    assert ex.extract(answer)[-1].text == second


def test_she_is_not_read_as_a_speaker_she_may_have_spoken_to(ex: SpacyExtractor) -> None:
    assert [c.text for c in ex.extract("Person1 invites Lily to the picnic. She accepts.")] == [
        "Person1 invites Lily to the picnic.", "She accepts."]
    # a thing still takes "it"
    assert ex.extract("The drug is cheap, and it works.")[-1].text == "The drug works."
