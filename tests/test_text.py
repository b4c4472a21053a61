import itertools

from toulmin.text import make_windows, split_sentences


def test_sentences_keep_offsets_and_skip_abbreviations() -> None:
    text = "Dr. Smith met J. Doe in the U.S. on Monday.  Then they left! Did it rain? Yes."
    sents = split_sentences(text)
    assert [s.text for s in sents] == [
        "Dr. Smith met J. Doe in the U.S. on Monday.", "Then they left!", "Did it rain?", "Yes."]
    for s in sents:
        assert text[s.start : s.end] == s.text


def test_a_word_ending_in_a_letter_is_no_initial() -> None:
    text = "It peaked in the 1970s. Masters then retired. He won 3 titles in the U.S. in 1972."
    assert [s.text for s in split_sentences(text)] == [
        "It peaked in the 1970s.", "Masters then retired.", "He won 3 titles in the U.S. in 1972."]


def test_a_word_ending_in_an_ascii_letter_after_another_letter_is_no_initial() -> None:
    # "Kraków.": the "w" follows a letter outside ASCII; read as an initial, the next
    # sentence was glued on and its claim never checked
    got = [s.text for s in split_sentences("Marie Curie was born in Kraków. She won two Nobel prizes.")]
    assert got == ["Marie Curie was born in Kraków.", "She won two Nobel prizes."]
    assert len(split_sentences("It was written by J. Smith in Łódź. Ö. Pamuk read it.")) == 2


def test_paragraph_breaks_split_and_empty_text_gives_nothing() -> None:
    assert [s.text for s in split_sentences("Title\n\nBody text here")] == ["Title", "Body text here"]
    assert split_sentences("   \n ") == []


def test_windows_overlap_by_one_sentence_and_cover_the_text() -> None:
    text = " ".join(f"Sentence number {i} has five words." for i in range(10))
    wins = make_windows(text, max_words=12, overlap_sentences=1)
    assert len(wins) > 3
    for a, b in itertools.pairwise(wins):
        assert b.start < a.end  # overlap
    assert wins[0].start == 0 and wins[-1].end == len(text)
    for w in wins:
        assert text[w.start : w.end] == w.text
        assert len(w.text.split()) <= 12


def test_a_sentence_longer_than_a_window_is_cut_on_words() -> None:
    text = " ".join(["word"] * 250) + "."
    wins = make_windows(text, max_words=100, overlap_sentences=0)
    assert [len(w.text.split()) for w in wins] == [100, 100, 50]
    assert all(text[w.start : w.end] == w.text for w in wins)


def test_initials_of_a_name_end_no_sentence() -> None:
    text = ("It was written by J.K. Rowling. C.S. Lewis wrote Narnia. The U.N. Mine Action Service helps. "
            "It opens at 9 a.m. Then it closes.")
    assert [s.text for s in split_sentences(text)] == [
        "It was written by J.K. Rowling.", "C.S. Lewis wrote Narnia.", "The U.N. Mine Action Service helps.",
        "It opens at 9 a.m.", "Then it closes."]


def test_a_lone_surrogate_is_refused_with_its_position() -> None:
    """Issue 31: a JSON "\\ud800" escape read into a str reached the tokenizer or the
    report writer and failed there with a plain 500 or a traceback."""
    import pytest

    from toulmin.errors import InputError
    from toulmin.text import check_text

    for bad in ("ab\ud800c", "x\udfff", "é\ud83d"):
        with pytest.raises(InputError) as e:
            check_text(bad, "answer")
        assert e.value.code == "E_NOT_UTF8"
        assert "lone surrogate" in e.value.message and "at character" in e.value.message
    assert check_text("a pair \U0001F600 and é", "answer") == "a pair \U0001F600 and é"


def test_what_a_sentence_states_a_tag_question_its_clause_a_question_nothing() -> None:
    from toulmin.text import stated

    assert stated("He left.") == "He left."
    assert stated("It's not expensive, is it?") == "It's not expensive."
    assert stated("You're coming, aren't you?") == "You're coming."
    assert stated("That was great, right?") == "That was great."
    assert stated("So you don't like it, do you?") == "So you don't like it."
    for question in ("Did you go?", "Why did he go, did he?", "Is it the red one, is it?",
                     "Do you like tea, or coffee?"):
        assert stated(question) is None
