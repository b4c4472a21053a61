"""Numbers written in words, as transcripts and their summaries say them (issue 32)."""

from __future__ import annotations

import pytest

from toulmin.checks import check_numbers, find_numbers


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("twenty-five dollars", 25.0, "$"),
    ("twenty five dollars", 25.0, "$"),
    ("two hundred people", 200.0, "people"),
    ("a hundred and fifty guests", 150.0, "guest"),
    ("fifty-five percent", 55.0, "%"),
    ("twelve Euros and fifty centimes", 12.5, "€"),
    ("three dollars and ninety-nine cents", 3.99, "$"),
])
def test_number_words_are_read_as_numbers(text: str, value: float, unit: str) -> None:
    (n,) = find_numbers(f"It is {text} in all.")
    assert (n.value, n.unit) == (value, unit)
    assert n.text == text  # the quote is the source's own words


def test_a_price_in_words_backs_the_same_price_in_digits_and_not_another() -> None:
    source = "Person2 says the ticket is twelve Euros and fifty centimes."
    (ok,) = check_numbers("The ticket costs 12.50 Euros.", source)
    assert ok.status == "ok"
    (bad,) = check_numbers("The ticket costs 12.60 Euros.", source)
    assert bad.status == "mismatch"
    (other,) = check_numbers("It costs 12.50 Euros.", "It is twelve Euros and sixty centimes.")
    assert other.status == "mismatch"


def test_a_word_without_a_unit_is_still_no_number() -> None:
    assert find_numbers("one of the best") == []
    assert find_numbers("She has twenty-five.") == []


def test_a_number_picked_from_a_group_states_that_many_and_refutes_no_count() -> None:
    source = "But first allow me to send one of the housemaids to your room to look for it again."
    (ok,) = check_numbers("Person1 suggests sending one housemaid to look for it.", source)
    assert (ok.status, ok.source) == ("ok", "one of the housemaids")
    # "one of the housemaids" says nothing of how many there are: no count is refuted by it
    (other,) = check_numbers("The hotel has two housemaids.", source)
    assert other.status == "missing"
    # a claim picking one from a group claims no count to check
    assert check_numbers("Person2 buys one of the magazines.", "I have two magazines.") == []
    assert find_numbers("one of the most famous") == [] and find_numbers("two of the largest") == []


def test_a_unit_stops_at_a_conjunction() -> None:
    (n,) = find_numbers("a babysitter for two or three days because Person1 will fly to L.A.")
    assert (n.text, n.nouns) == ("three days", ("day",))


def test_one_is_a_pronoun_after_no_every_another_and_a_count_said_with_an_article() -> None:
    assert find_numbers("No one speaks. Another one came. They help one another. Every one left.") == []
    (page,) = find_numbers("I found that one page is missing, page 53.")
    assert (page.value, page.unit) == (1.0, "page")
    (ok,) = check_numbers("Peter joins the trip for about one week.", "So it'll just be a week.")
    assert (ok.status, ok.source) == ("ok", "a week")
    (series,) = check_numbers("They start from one Chinese TV series.", "We watched a Chinese TV series.")
    assert (series.status, series.source) == ("ok", "a Chinese TV series")
    # an article backs one of the thing it names, nothing else
    assert check_numbers("Person2 introduces one program.", "It's a great show.")[0].status == "missing"
    # the article nearest the noun counts, not only the first one
    (week,) = check_numbers("He rented a room for one week.", "He rented a room for a week.")
    assert (week.status, week.source) == ("ok", "a week")


def test_both_states_two_of_what_it_names() -> None:
    (pairs,) = check_numbers("Person2 buys two pairs of shoes.", "Would you like both pairs?")
    assert (pairs.status, pairs.source) == ("ok", "both pairs")
    (books,) = check_numbers("He read two books.", "He read both of the books.")
    assert (books.status, books.source) == ("ok", "both of the books")
    assert check_numbers("Person2 buys three pairs.", "Would you like both pairs?")[0].status == "missing"
    assert check_numbers("He read two books.", "Both of them smiled.")[0].status == "missing"
    assert check_numbers("They stayed one night.", "They stayed two nights.")[0].status == "mismatch"


# --- issue 54: quantities keep their unit and direction ----------------------------------

@pytest.mark.parametrize(("claim", "evidence", "status"), [
    ("The battery is covered for one year.", "The battery is covered for 12 months.", "ok"),
    ("The film runs 150 minutes.", "The film runs 2.5 hours.", "ok"),
    ("The trial lasted 6 weeks.", "The trial lasted 42 days.", "ok"),
    ("The tank holds 500 millilitres.", "The tank holds 0.5 litres.", "ok"),
    ("The film runs 150 minutes.", "The film runs 2 hours.", "mismatch"),
    ("The dustbin holds 4 litres.", "The dustbin holds 0.4 litres. A full charge takes about 4 hours.",
     "mismatch"),
    ("The dustbin holds 4 litres.", "A full charge takes about 4 hours.", "missing"),  # a time, not a volume
    ("Revenue fell 12% in 2023.", "Revenue in 2023 was $4.1 billion, up 12% from 2022.", "mismatch"),
    ("Sales saw a 5% drop.", "Sales increased by 5% last year.", "mismatch"),
    ("Costs were cut by $2 million.", "Costs rose by $2 million.", "mismatch"),
    ("Revenue rose 12% in 2023.", "Revenue in 2023 was $4.1 billion, up 12% from 2022.", "ok"),
    ("Profit was 12% of revenue.", "Revenue was up 12%.", "ok"),  # no direction in the claim
])
def test_units_of_one_dimension_convert_and_a_change_keeps_its_direction(claim: str, evidence: str,
                                                                          status: str) -> None:
    (f,) = check_numbers(claim, evidence)
    assert f.status == status, f.note


def test_a_bare_number_beside_a_converted_unit_is_read_in_that_unit() -> None:
    # "48 minutes" against a scorer's "Mkhitaryan 48": minutes, not seconds
    (f,) = check_numbers("He scored on 48 minutes.", "Scorers: Mkhitaryan 48, Kagawa 80.")
    assert f.status == "ok"
    # a unit of measure never meets a noun's count: "over 150 protesters" is not "five days"
    (g,) = check_numbers("Over 150 protesters gathered.", "They protested for five days.")
    assert g.status == "missing"


def test_no_more_than_is_a_bound_not_a_negation_and_an_area_counts_no_pupils() -> None:
    from toulmin.checks import is_negated

    ((text, bound),) = [(n.text, n.bound) for n in find_numbers("No more than 12 guests are allowed.")]
    assert (text, bound) == ("No more than 12 guests", "<=")
    assert not is_negated("No more than 12 guests are allowed.") and is_negated("No guests are allowed.")
    school = "The school sits on 600 square metres with 450 pupils."
    (f,) = check_numbers("The school has 600 pupils.", school)
    assert f.status == "mismatch" and f.source == "450 pupils"
    (g,) = check_numbers("The farm covers 2 hectares.", "The farm covers 20,000 square metres.")
    assert g.status == "ok"


@pytest.mark.parametrize(("claim", "evidence", "status"), [
    ("The battery takes 4.5 hours to recharge.", "Recharging the battery takes four and a half hours.", "ok"),
    ("Charging takes 90 minutes.", "Charging takes an hour and a half.", "ok"),
    ("Charging takes 3 hours.", "Charging takes an hour and a half.", "mismatch"),
    ("The walk takes two and a half hours.", "The walk takes 2.5 hours.", "ok"),
    ("The walk takes two and a half hours.", "The walk takes 3 hours.", "mismatch"),
    ("The drive takes 3.25 hours.", "The drive takes three and a quarter hours.", "ok"),
    ("The trail is 0.75 miles long.", "The trail is three quarters of a mile long.", "ok"),
    ("The tour lasts 30 minutes.", "The tour lasts half an hour.", "ok"),
])
def test_fractions_in_words_are_quantities(claim: str, evidence: str, status: str) -> None:
    assert [f.status for f in check_numbers(claim, evidence)] == [status]


def test_a_version_or_an_address_is_no_amount() -> None:
    assert [n.value for n in find_numbers("Version 3.2.0 has 313,000 weekly downloads.")] == [313000.0]
    assert find_numbers("The gateway is 10.0.0.1.") == []
    assert [n.value for n in find_numbers("It grew 3.2. Then 4.5% more.")] == [3.2, 4.5]


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("The plan costs USD 1,200 a year.", 1200.0, "$"),
    ("Revenue was EUR 3.4 million.", 3.4e6, "€"),
    ("The fee is GBP 45.", 45.0, "£"),
])
def test_a_currency_code_before_a_figure_is_its_unit(text: str, value: float, unit: str) -> None:
    (n,) = find_numbers(text)
    assert (n.value, n.unit) == (value, unit)


def test_pounds_and_ounces_convert_to_grams() -> None:
    # "about 2.7 pounds" of a laptop's 1.24 kg (2.73 lb); 3.5 pounds is not
    assert [f.status for f in check_numbers("It weighs about 2.7 pounds.", "It weighs 1.24 kg.")] == ["ok"]
    assert [f.status for f in check_numbers("It weighs 3.5 lbs.", "It weighs 1.24 kg.")] == ["mismatch"]
    (n,) = find_numbers("a 12 oz bag")
    assert (n.unit, round(n.value, 1)) == ("g", 340.2)


BILL = "Total before VAT: £351.23. VAT at 5%: £17.56. Amount due: £368.79, to be collected on 15 April 2024."


@pytest.mark.parametrize(
    ("claim", "evidence", "status", "source"),
    [
        # the figure is the source's, under another label than the one the claim names
        ("The amount due on this statement is £351.23.", BILL, "mismatch", "£368.79"),
        ("The amount due on this statement is £368.79.", BILL, "ok", "£368.79"),
        ("The total before VAT is £351.23.", BILL, "ok", "£351.23"),
        # the span read alone, the passage it was read in as context
        ("The amount due on this statement is £351.23.", "Total before VAT: £351.23.", "ok", "£351.23"),
        # a label the claim does not name leaves the figure stated
        ("The bill came to £351.23 before tax.", BILL, "ok", "£351.23"),
    ],
)
def test_a_figure_under_another_label_than_the_claim_names(claim: str, evidence: str, status: str,
                                                          source: str) -> None:
    got = check_numbers(claim, evidence)
    assert [(f.status, f.source) for f in got] == [(status, source)], got


def test_the_labels_beside_the_span_are_read_in_its_passage() -> None:
    got = check_numbers("The amount due on this statement is £351.23.", "Total before VAT: £351.23.", BILL)
    assert [(f.status, f.source) for f in got] == [("mismatch", "£368.79")], got
