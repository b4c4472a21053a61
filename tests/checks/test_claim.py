from __future__ import annotations

import pytest

from toulmin.checks.claim import check_claim, find_dates, find_numbers, refutes


def _status(claim: str, evidence: str) -> list[tuple[str, str]]:
    return [(f.kind, f.status) for f in check_claim(claim, evidence)]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        ("an 81% success rate", "a success rate of 81 percent", [("number", "ok")]),
        ("an 81% success rate", "a success rate of 78%", [("number", "mismatch")]),
        ("340 participants", "enrolled 340 patients", [("number", "ok")]),
        ("about 80% of users", "81% of users", [("number", "ok")]),
        ("81% of users", "about 80% of users", [("number", "imprecise")]),
        ("81% of users", "roughly 81% of users", [("number", "imprecise")]),
        ("$2.5 million in revenue", "revenue of $2,500,000", [("number", "ok")]),
        ("3 million people", "a population of 2.8 million people", [("number", "mismatch")]),
        ("12 sites", "no numbers here", [("number", "missing")]),
        # a page, table or section number points into the document: not a quantity
        ("across 12 sites", "Trial report, page 12. The trial ran well.", [("number", "missing")]),
        ("3 arms", "see Table 3 and section 4.2", [("number", "missing")]),
        # a currency named after the number is its symbol
        ("$1.2 million in revenue", "revenue of 1,200,000 dollars", [("number", "ok")]),
        ("a ticket costs €20", "tickets cost 20 euros", [("number", "ok")]),
        ("a ticket costs €20", "tickets cost 20 dollars", [("number", "missing")]),
        # a bound in the claim is backed by any value within it, and refuted by one outside
        ("over 300 participants", "enrolled 340 participants", [("number", "ok")]),
        ("at least 340 participants", "enrolled 340 participants", [("number", "ok")]),
        ("over 400 participants", "enrolled 340 participants", [("number", "mismatch")]),
        ("more than 340 participants", "enrolled 340 participants", [("number", "mismatch")]),
        ("fewer than 10% of users", "7% of users", [("number", "ok")]),
        ("up to 5 riders", "up to 5 riders", [("number", "ok")]),
        ("over 300 participants", "more than 320 participants", [("number", "ok")]),
        ("over 300 participants", "more than 280 participants", [("number", "missing")]),
        # a value against a bound in the source: more precise than it, or outside it
        ("340 participants", "more than 300 participants", [("number", "imprecise")]),
        ("250 participants", "more than 300 participants", [("number", "mismatch")]),
        # a rounded figure backs the exact one; the other way round the source is the rounder
        ("a span of 1.3 km", "a span of 1,280 metres", [("number", "ok")]),
        ("a span of 1,280 metres", "a span of 1.3 km", [("number", "imprecise")]),
        ("a span of 2 km", "a span of 1,280 metres", [("number", "mismatch")]),
        ("2.8 million people", "2,794,000 people", [("number", "ok")]),
        ("2.8 million people", "2,740,000 people", [("number", "mismatch")]),
        ("81% of users", "80.6% of users", [("number", "ok")]),
        ("81% of users", "80.4% of users", [("number", "mismatch")]),
        ("it weighs 2 kg", "it weighs 2,000 grams", [("number", "ok")]),
        # a one-letter scale counts only written against the number: "5 m" is five metres
        ("a wall 5 m high", "a wall 500 cm high", [("number", "ok")]),
        ("a wall 5 m high", "a wall 5 million high", [("number", "mismatch")]),
        ("$5m in funding", "funding of $5 million", [("number", "ok")]),
        ("3k users", "3,000 users", [("number", "ok")]),
        # a bare bound may be an age or a scope: no unit, no verdict on it
        ("children under 12", "children aged 5", [("number", "missing")]),
        # a bound is decided by numbers of the same thing: a bare or unrelated number is no backing
        ("less than 650 confirmed cases", "684 confirmed cases and 17 recoveries", [("number", "mismatch")]),
        # a side of a score is read against the sides of the source's scores only
        ("Real were beaten 2-1 last time out", "Real lost 9 games; they were beaten 2-1 by Barcelona",
         [("number", "ok"), ("number", "ok")]),
        ("Real were beaten 2-1 last time out", "Real lost 9 of their games", [("number", "missing")] * 2),
        # ... and another score may be another match: not stated, not refuted
        ("Real were beaten 3-1 last time out", "Final score, Real Madrid 9-1 Granada",
         [("number", "missing"), ("number", "ok")]),
        ("Manchester United has won 65 trophies", "United lead Liverpool in total trophies won by 66-63",
         [("number", "mismatch")]),
        ("a rating lower than 27.5%", "a rating of 28%, average 4.3/10", [("number", "mismatch")]),
        ("a rating lower than 70%", "a rating of 69% based on 45 reviews", [("number", "ok")]),
        ("more than 12 reviews", "a score of 34 out of 100, based on 12 critics", [("number", "missing")]),
        # an adjective between number and noun: "729 confirmed cases" counts cases
        ("over 735 cases", "729 confirmed cases", [("number", "mismatch")]),
        # digits inside a name are no quantity
        ("fewer than 16 COVID-19 cases", "15 cases of COVID-19", [("number", "ok")]),
        # ... and a number after a name is its version or model: "Python 2" counts nothing
        ("Python 2 is still widely used", "Python 3.0 is used more widely", []),
        # ... but in a source it may be an amount: a scorer's minute
        ("He opened the scoring on 48 minutes", "Dortmund (4-2-3-1). Scorers: Mkhitaryan 48, Kagawa 80.",
         [("number", "ok")]),
        ("About 40 people died", "Over 300 people died", [("number", "mismatch")]),
        ("Real Madrid won 9-1", "Final score, Real Madrid 9-1 Granada", [("number", "ok"), ("number", "ok")]),
        ("under 20 years", "after eighteen years", [("number", "ok")]),
        # a score on a scale is its own unit
        ("an average rating higher than 7/10", "an approval rating of 86%, average rating 6.3/10",
         [("number", "mismatch")]),
        ("a score of 34 out of 100", "it scored 34/100 on Metacritic", [("number", "ok")]),
        ("a rating of 6/10", "a rating of 6% and 4 stars", [("number", "missing")]),
        # a bare number counts what the words just before it name
        ("more than 50 seats", "by number of parliamentary seats, Labour have 50", [("number", "mismatch")]),
        ("less than 200 confirmed cases", "the confirmed cases reached 225", [("number", "mismatch")]),
        ("less than 200 confirmed cases", "the confirmed cases reached 170", [("number", "ok")]),
        ("sales of more than 6.8 million worldwide", "with sales of 6.3 million", [("number", "mismatch")]),
        # ... but not a number whose own noun says it counts something else
        ("Morocco has 230 cases", "Morocco has 12 deaths", [("number", "missing")]),
        # "reviewers" and "reviews" count the same thing; so do "16 COVID-19 cases" and "17 cases"
        ("less than 149 reviewers", "based on 149 reviews", [("number", "mismatch")]),
        ("fewer than 16 COVID-19 cases", "there are 17 cases", [("number", "mismatch")]),
        ("more than 1,355 positive coronavirus cases", "1,348 officially confirmed cases",
         [("number", "mismatch")]),
        # "80-percent growth" is 80%
        ("a growth of less than 60 %", "showed 80-percent growth", [("number", "mismatch")]),
        # two bounds no value meets
        ("grossed less than $82 million", "grossed over $82 million", [("number", "mismatch")]),
        ("less than 375 cases", "confirmed cases at over 400", [("number", "mismatch")]),
        ("less than 450 cases", "confirmed cases at over 400", [("number", "missing")]),
        # a figure just across the bound is the one the bound is about, whatever else is inside
        ("grossed less than $162 million", "grossed $162.1 million in the US and $142.6 million elsewhere",
         [("number", "mismatch")]),
        ("grossed less than $150 million", "grossed $162.1 million in the US and $142.6 million elsewhere",
         [("number", "ok")]),
        ("reviewed by less than 381 critics", "based on 382 reviews", [("number", "mismatch")]),
        # ... not one as close inside it, nor one at the bound itself ("more than 70 acres")
        ("under $24 million in France", "the UK ($24.2 million) and France ($23.8 million)",
         [("number", "ok")]),
        ("more than 70 acres", "70 acres burned; 200 acres were evacuated", [("number", "ok")]),
    ],
)
def test_numbers(claim: str, evidence: str, expected: list[tuple[str, str]]) -> None:
    assert _status(claim, evidence) == expected


@pytest.mark.parametrize(
    ("claim", "evidence", "status"),
    [
        ("in March 2024", "in Q1 2024", "imprecise"),
        ("in March 2024", "on 12 March 2024", "ok"),
        ("in Q1 2024", "in March 2024", "ok"),
        ("in 2019", "in 2019", "ok"),
        ("in 2019", "in 2021", "mismatch"),
        ("in the 1990s", "in 1994", "ok"),
        ("in 1994", "in the 1990s", "imprecise"),
        ("in the 1980s", "in 1994", "mismatch"),
        ("in the 2010s", "during the 2010s", "ok"),
        ("on May 5, 2020", "in May 2020", "imprecise"),
        ("in the first half of 2023", "in H1 2023", "ok"),
        ("in 2019", "no date", "missing"),
        # a bounded date is backed by any date within the bound
        ("born before 1975", "born on March 31, 1974", "ok"),
        ("born after 1975", "born on March 31, 1974", "mismatch"),
        ("released before January 7, 2018", "released on January 5, 2018", "ok"),
        ("released before January 5, 2018", "released on January 5, 2018", "mismatch"),
        ("approved by 2020", "approved in 2020", "ok"),
        ("approved before 2015", "approved before 2010", "ok"),
        ("approved after 2015", "in 2015", "mismatch"),
        # a bound in the source is less precise than a date in the claim
        ("approved in 2015", "approved before 2020", "imprecise"),
    ],
)
def test_dates_and_precision(claim: str, evidence: str, status: str) -> None:
    assert _status(claim, evidence) == [("date", status)]


def test_a_function_word_after_a_number_is_not_its_unit() -> None:
    (f,) = [f for f in check_claim("The toll rose to $9 in 2019.", "In 2019 the toll rose to $8.35.")
            if f.kind == "number"]
    assert (f.status, f.claim, f.note) == ("mismatch", "$9", "source says $8.35, not $9")
    # "12 of the sites" picks from a group: it counts sites, and refutes no count of them
    got = find_numbers("12 of the sites, 40 in total, 3 sites")
    assert [(n.unit, n.picked) for n in got] == [("site", True), ("", False), ("site", False)]
    # nor is a verb: "3 were injured" and "5 were killed" count different things
    assert _status("3 should be replaced", "5 should be repaired") == [("number", "missing")]


def test_date_parsing() -> None:
    d = find_dates("approved on 2024-03-05, filed in Q3 2023 and in the 1990s")
    assert [(x.precision, x.year, x.years, x.lo, x.hi, x.day) for x in d] == [
        ("day", 2024, 1, 3, 3, 5),
        ("quarter", 2023, 1, 7, 9, None),
        ("decade", 1990, 10, 1, 12, None),  # 1990 to 1999, not the year 1990
    ]
    # a year is a date, not a number
    assert find_numbers("in 2019 it had 40 staff")[0].value == 40


def test_names_and_titles() -> None:
    f = check_claim("The trial was led by Dr. Smith", "The trial (Smith et al., 2023) enrolled 340 people.")
    assert [(x.kind, x.status) for x in f] == [("name", "partial")]
    assert "Smith et al." in f[0].note and "Dr. Smith" in f[0].note
    assert _status("led by Dr. Smith", "led by Dr. Jane Smith") == [("name", "ok")]
    assert _status("led by Dr. Smith", "led by Jones") == [("name", "missing")]
    # a possessive is the same person ("Mr. Brown's price" against "Mr. Brown")
    f = check_claim("Mrs. Wang thinks Mr. Brown's price is high.", "Mrs. Wang: The price is high, Mr. Brown.")
    assert [(x.claim, x.status) for x in f if x.kind == "name"] == [("Mrs. Wang", "ok"), ("Mr. Brown", "ok")]


def test_negation_reads_past_words_that_only_say_how_much() -> None:
    # "fully" is not in the source, "not completely" is: the same statement, flipped
    assert ("negation", "mismatch") in _status(
        "Python 3.0, released in 2008, is fully backward-compatible with Python 2.",
        "Python 3.0, released in December 2008, was a major revision that is not completely "
        "backward-compatible.")


def test_negation_reads_a_sentence_about_the_passages_subject() -> None:
    source = ("The Amazon River is the largest river by discharge. No bridges cross the river along "
              "its entire length.")
    assert ("negation", "mismatch") in _status("Several bridges cross the Amazon.", source)
    assert _status("No bridges cross the Amazon.", source) == []
    # a sentence that names something else is not about the claim's subject
    nile = "The Amazon is long. No bridges cross the Nile."
    assert _status("Several bridges cross the Amazon.", nile) == []
    assert _status("Paris has a metro.", "Lyon has no metro. Paris has a metro.") == []


def test_negation() -> None:
    assert _status("The drug is not approved for children", "The drug is approved for children.") == [
        ("negation", "mismatch")
    ]
    assert _status("The drug is approved for children", "The drug is approved for children.") == []
    # unrelated sentences are not compared
    assert _status("The drug is not cheap", "Rain fell in Paris all week.") == []
    # a negation must bear on the claim's words, not on another clause of the sentence
    assert _status("Humes hosted the show alongside a male co-star.",
                   "They no longer appear together; however since 2018, Humes has hosted the show "
                   "alongside a male co-star.") == []
    assert _status("He would lead the life God wants for his followers.",
                   "He will reopen a new church not far from the district for future followers and "
                   "lead the life God wants for his followers.") == []
    assert _status("The drug is approved for children", "The drug isn't approved for children.") == [
        ("negation", "mismatch")
    ]
    # sentences pasted together without a space are still two
    assert _status("The state confirmed 24 cases of the disease.",
                   "The state confirmed 24 cases of the disease.The visitors did not report to the "
                   "authorities.") == [("number", "ok")]


def test_a_name_is_found_by_its_words_its_last_word_or_its_initials() -> None:
    from toulmin.checks.claim import name_index, name_present

    index = name_index("The Food and Drug Administration approved it. Strauss's design and the "
                       "European Medicines Agency; Manny Pacquiao fought; the Chadbourne family; "
                       "Christopher and Mrs. Brandon; Person2 said it.")
    # typos: letters swapped, one letter more, one left out, one changed (seven letters or more)
    for name in ["FDA", "Joseph Strauss", "EMA", "European Medicines Agency", "Strauss's",
                 "Pacquaio", "Chadbournes", "Chrisopher", "Mrs. Brandom"]:
        assert name_present(name, index), name
    for name in ["Zentrix", "Lumora", "Joseph Smith", "WHO", "Person1", "Xhristopher", "Brandy", "Brendan"]:
        assert not name_present(name, index), name
    # five letters: two swapped, not one more, one less or one changed
    short = name_index("Hey, Betsy, thanks for looking after Johnny. Anne, Maria and Mrs. Clause came.")
    for name in ["Besty", "Betsy"]:
        assert name_present(name, short), name
    for name in ["Annie", "Marie", "Bessy", "Jonny", "Claus"]:
        assert not name_present(name, short), name
    # one of the family by what they are
    assert name_present("Dad", name_index("What is your father doing now?"))
    assert name_present("Grandma", name_index("Say hello to your grandmother."))
    assert not name_present("Dad", name_index("What is your mother doing now?"))


def test_a_company_is_not_named_by_its_generic_last_word() -> None:
    from toulmin.checks.claim import name_index, name_present

    index = name_index("Gary Groth is a co-founder of Fantagraphics Books, a publisher of comics. "
                       "He studied at Stanford.")
    assert not name_present("Marvel Comics", index, person=False)
    assert name_present("Stanford University", index, person=False)
    assert name_present("Fantagraphics", index, person=False)
    # a holiday is named without its "Day"
    dinner = name_index("You're having Thanksgiving dinner with us?")
    assert name_present("Thanksgiving Day", dinner, person=False)
    # an abbreviation with dots, spaced as a transcriber wrote it, names what it names without
    stay = name_index("How long have you been in the U. S. ? Three weeks.")
    assert name_present("US", stay, person=False) and not name_present("UK", stay, person=False)
    # a person is still named by the surname alone
    assert name_present("Mr Gary Groth", index, person=True)


def test_polarity_needs_the_same_statement() -> None:
    # a different verb is another statement, not its negation
    assert _status("The cheetahs seemed to ignore the boy and his parents while in the pit.",
                   "The cheetahs did not approach the boy or his parents while in the pit.") == []
    # one word may differ (a tense)
    assert ("negation", "mismatch") in _status("Smith won the regional award in Ohio.",
                                               "Smith did not win the regional award in Ohio.")


def test_number_parsing_names_units_and_scales() -> None:
    assert find_numbers("COVID-19 hit the A330 and F-16 fleets") == []
    # the sides of a score, a tally or a range are marked as such
    joined = [n.joined for n in find_numbers("a 3-0 win, 12 goals, aged 10–20 years")]
    assert joined == [True, True, False, True, True]
    assert [(n.value, n.unit) for n in find_numbers("a 5 m wall, $5m raised, 3k users, 5 bn")] == [
        (5.0, "m"), (5e6, "$"), (3000.0, "user"), (5e9, "")]
    (n,) = find_numbers("a rating of 69 % based on")
    assert (n.text, n.unit, n.nouns) == ("69 %", "%", ())
    (n,) = find_numbers("729 confirmed cases")
    assert n.nouns == ("confirmed", "case")
    # the words before a number, up to the number before it or a sentence end
    a, b = find_numbers("by number of seats, Labour have 51, the Conservatives have 22.")
    assert (a.prefix, b.prefix) == (("seat", "labour"), ("conservative",))


def test_a_day_next_to_its_month_is_no_quantity() -> None:
    assert [n.text for n in find_numbers("As of March 20, Massachusetts had 413 cases")] == ["413 cases"]
    assert [n.text for n in find_numbers("on the 20th of March, 5 deaths")] == ["5 deaths"]
    # the day is read as a day (stated), the count as the count (refuted)
    assert _status("As of March 20 there were 400 cases", "As of March 20, there were 413 cases") == [
        ("number", "mismatch"), ("date", "ok")]


def test_a_word_swapped_for_its_opposite() -> None:
    src = "Full plate armour was very inexpensive to produce. It was worn by knights."
    assert _status("The full plate armour was expensive.", src) == [("antonym", "mismatch")]
    (f,) = check_claim("Her second daughter was born in Paris.", "Her third daughter was born in Paris.")
    assert (f.claim, f.source, f.note) == ("second", "third", "source says third, not second")
    assert _status("Turkey is the largest producer of hazelnuts.",
                   "Turkey is the smallest producer of hazelnuts.") == [("antonym", "mismatch")]
    # the same sentence, or another word changed, or the opposite word elsewhere: no
    # antonym finding (the rank check sees the same superlative, "the largest")
    assert _status("Turkey is the largest producer of hazelnuts.",
                   "Turkey is the largest producer of hazelnuts.") == [("rank", "ok")]
    assert _status("Turkey is the largest producer of hazelnuts.",
                   "Turkey is the largest exporter of hazelnuts, and the smallest of figs.") == [
        ("rank", "ok")]
    assert _status("Turkey is the largest producer of hazelnuts.",
                   "Italy grows few hazelnuts. Its smallest farms are in the south.") == []
    # a prefix that does not negate
    assert _status("The painting was valuable to the museum.",
                   "The painting was invaluable to the museum.") == []


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Metformin is always taken by mouth.",
         ("imprecise", "source says usually, not always: the claim overstates it")),
        ("Side effects often cause problems.", ("mismatch", "source says rarely, not often")),
        ("Most patients respond well.", ("imprecise", "source says many, not most: the claim overstates it")),
        ("Few patients respond well.", ("mismatch", "source says many, not few")),
        ("The rule applies to all employees.",
         ("imprecise", "source says some, not all: the claim overstates it")),
        # a weaker word, or another on the same rung, is no overstatement
        ("Metformin is sometimes taken by mouth.", None),
        ("Metformin is typically taken by mouth.", None),
        ("The rule applies to several employees.", None),
    ],
)
def test_a_word_moved_along_a_scale(claim: str, expected: tuple[str, str] | None) -> None:
    src = ("Metformin is usually taken by mouth. Side effects rarely cause problems. Many patients "
           "respond well. The rule applies to some employees.")
    found = [(f.status, f.note) for f in check_claim(claim, src) if f.kind == "degree"]
    assert found == ([expected] if expected else [])
    assert all(refutes(f) == (f.status == "mismatch") for f in check_claim(claim, src) if f.kind == "degree")


def test_a_looser_bound_in_the_source_is_named_in_the_note() -> None:
    (f,) = check_claim("Over 80 million people use it.", "More than 70 million people take it.")
    assert (f.status, f.source) == ("missing", "More than 70 million people take")
    assert f.note == ("source says More than 70 million people take, which does not establish "
                      "Over 80 million people use")


def test_several_scale_words_moved_at_once() -> None:
    src = "The company employs about 12,000 people, most of them in Germany and Poland."
    found = check_claim("The company always employs about 12,000 people, all of them in Germany.", src)
    # "always" has no counterpart in the sentence; "all" against "most" overstates it
    assert [(f.kind, f.status, f.note) for f in found if f.kind == "degree"] == [
        ("degree", "imprecise", "source says most, not all: the claim overstates it")]
    # a content word the sentence lacks that is no scale word: not the same statement
    assert [f for f in check_claim("The company employs about 12,000 engineers, all of them in Germany.", src)
            if f.kind == "degree"] == []


@pytest.mark.parametrize(("claim", "evidence"), [
    # a question states neither polarity
    ("Person1 didn't go to school today.", "Person1: Did you go to school today?"),
    # a reply's "no" answers the turn before; it does not negate the sentence it opens
    ("Person2 will call the attendants at the gate.", "Person2: No, I'll call the attendants at the gate."),
])
def test_negation_check_does_not_fire_on_its_faithful_counter_examples(claim: str, evidence: str) -> None:
    assert ("negation", "mismatch") not in _status(claim, evidence)


def test_negation_check_still_fires_on_a_flipped_statement() -> None:
    assert ("negation", "mismatch") in _status("Person2 will call the attendants at the gate.",
                                               "Person2: I won't call the attendants at the gate.")


def test_two_negatives_about_the_same_words_are_negated_alike() -> None:
    from toulmin.checks.claim import negated_alike

    claim = "Person2 cannot take the vacation until December."
    assert negated_alike(claim, "#Person2#: You know I'm not taking my vacation until December.")
    assert not negated_alike(claim, "I'm taking my vacation in December.")
    assert not negated_alike("Person2 takes the vacation in December.", "I'm not taking it in December.")
    # a negation more than three words from every word of the claim bears on something else
    assert not negated_alike(claim, "My vacation starts in December and my boss said he would never agree.")


def test_a_place_is_mentioned_by_its_people_and_the_other_way_round() -> None:
    from toulmin.checks.claim import name_index, name_present

    assert name_present("America", name_index("No, I'm American. I'm from Los Angeles."))
    assert name_present("Americans", name_index("He moved to America."))
    assert name_present("Western", name_index("The rules in the West are different."))
    assert not name_present("France", name_index("He moved to America."))


def test_a_wish_negates_and_believe_it_or_not_does_not() -> None:
    wish = "Person1: I wish I could play a musical instrument. I love music."
    assert check_claim("Person1 can't play any musical instrument.", wish) == []
    (f,) = check_claim("Person1 can play a musical instrument.", wish)
    assert f.kind == "negation" and f.status == "mismatch"
    assert check_claim("Person1 wants to lose weight.", "Person1: I do wish I could lose weight.") == []
    said = "Person1: Believe it or not, I guess American women like a man in good shape, and that is true."
    assert check_claim("Person1 thinks American women like a man in good shape.", said) == []


def test_a_speaker_tag_after_a_titled_name_is_not_part_of_it() -> None:
    from toulmin.checks.claim import find_titled_names

    assert find_titled_names("Person1 tells Mrs. Brandon Person1 lost the job today.") == [("Mrs", "Brandon")]
    said = "Person1: How are you Mrs. Brandon?"
    (name,) = check_claim("Person1 tells Mrs. Brandon Person1 lost the job.", said)
    assert name.status == "ok"

    # a typo of the name the source gives, shown as the source spells it
    (typo,) = [f for f in check_claim("The exam Mrs. Brandom gave.", "Person1: How are you Mrs. Brandon?")
               if f.kind == "name"]
    assert (typo.status, typo.source) == ("ok", "Mrs. Brandon")
    (other,) = [f for f in check_claim("The exam Mrs. Brandy gave.", "Person1: How are you Mrs. Brandon?")
                if f.kind == "name"]
    assert other.status == "missing"


def test_a_negation_is_read_in_the_clause_that_states_the_claim() -> None:
    said = ("Person1: I guess American women like a man in good shape, which Chinese women may not care "
            "about so much.")
    assert check_claim("Person1 thinks American women like a man in good shape.", said) == []
    (f,) = check_claim("Person1 thinks Chinese women care about it so much.", said)
    assert f.kind == "negation" and f.status == "mismatch"


def test_a_tag_question_states_its_clause_without_the_tag() -> None:
    # a question states neither polarity; a statement asking to be confirmed states its clause
    # (and since issue 54 a question only asks it: not the claim's support)
    assert _status("The train is crowded.", "Did you see? Is the train crowded?") == [("hearsay", "missing")]
    assert ("negation", "mismatch") in _status("The train is crowded.",
                                               "Well, the train is not crowded today, is it?")
    # the tag's own "isn't" negates nothing
    assert _status("The train is crowded today.", "The train is crowded today, isn't it?") == []


@pytest.mark.parametrize(("claim", "evidence"), [
    # a turn's label names the speaker, no word a negation can bear on
    ("Person1 is hungry again.", "Person1: It wasn't enough, because I'm hungry again."),
    # "not to" negates the verb after it
    ("Person1 should pay attention to the reply.",
     "Person2: After you send the letter, you should pay close attention not to miss any reply."),
    # a relative clause is a statement of its own, comma or not
    ("Collecting stamps gives Person2 much pleasure.",
     "Person1: But I believe collecting stamps gives you much pleasure which not all wealthy men can enjoy."),
    # a condition states neither polarity
    ("Person1 doesn't have coffee breaks.", "Person1: My boss gets annoyed if we take coffee breaks."),
])
def test_negation_is_read_where_it_bears_on_the_claim(claim: str, evidence: str) -> None:
    assert ("negation", "mismatch") not in _status(claim, evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Person1 is not hungry.", "Person1: I'm hungry."),
    ("Person1 is hungry.", "Person1: I'm not hungry."),
    ("Person1 should pay attention to the reply.", "Person2: You should not pay attention to any reply."),
    ("Person1 doesn't have coffee breaks.", "Person1: We have coffee breaks."),
])
def test_negation_still_fires_where_it_bears_on_the_claim(claim: str, evidence: str) -> None:
    assert ("negation", "mismatch") in _status(claim, evidence)


def test_a_list_item_is_checked_for_negation_as_its_claim() -> None:
    # the item alone ("the air conditioning") states nothing; its claim is what is negated or not
    said = "Person1: The air conditioning is not working!"
    assert ("negation", "mismatch") in _status("the air conditioning", said)
    need = "Person1 and Person2 think they need a handyman to fix the air conditioning."
    found = check_claim("the air conditioning", said, statement=need)
    assert [f for f in found if f.kind == "negation"] == []
    works = "Person1 says the air conditioning is working."
    found = check_claim("the air conditioning", said, statement=works)
    assert [(f.kind, f.status) for f in found if f.kind == "negation"] == [("negation", "mismatch")]


def test_a_courtesy_title_adds_nothing_the_source_could_lack() -> None:
    def name(claim: str, evidence: str) -> list[str]:
        return [f.status for f in check_claim(claim, evidence) if f.kind == "name"]

    assert name("Mr. Smith lost his ticket.", "Person2: Smith.") == ["ok"]
    assert name("Mr. Smith lost it.", "John Smith lost it.") == ["ok"]
    # another title in the source, or a title that is a fact ("Dr."), is not the same name
    assert name("Mr. Smith lost it.", "Mrs. Smith lost it.") == ["partial"]
    assert name("Mr. Smith lost it.", "Dr. Smith lost it.") == ["partial"]
    assert name("Dr. Smith lost it.", "John Smith lost it.") == ["partial"]



def test_the_names_a_passage_gives_besides_the_claims() -> None:
    from toulmin.checks.names import names_besides

    claim = "The Nimbus R7 dustbin holds 0.4 litres."
    # a heading, an imperative, an attributive acronym and a unit are no names
    assert names_besides("Maintenance. Empty the dustbin after each use; it holds 0.4 litres. Do not wash "
                         "the HEPA filter with water. The battery has 5,200 mAh.", claim) == []
    assert names_besides("Lumora was approved for adults in 2019.", claim) == ["Lumora"]
    assert names_besides("The EMA approved Lumora in 2022.", "The EMA approved Zentrix.") == ["Lumora"]
    assert names_besides("The bakery on Mill Street employs 14 people.", claim) == ["Mill Street"]
    assert names_besides("The Nimbus R7 runs for an hour.", claim) == []
