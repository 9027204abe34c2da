"""language/frequencies.py: wordfreq's French and English lists in a compact trie, looked up with
the very answers of ``wordfreq.zipf_frequency`` (the rules' thresholds were set on those)."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import msgpack
import pytest
import wordfreq

from language import frequencies

# What a rule may hand over besides list words: inflections, accents or none, capitals, digits
# (wordfreq spreads them with its own model), apostrophes and hyphens its tokenizer splits, several
# words, punctuation, emoji, nothing at all.
_ODD_INPUTS = [
    "",
    "?!",
    "…",
    "😀",
    "2024",
    "1er",
    "3e",
    "12,5",
    "covid19",
    "42 rue",
    "aujourd'hui",
    "l'équipe",
    "c'est",
    "don't",
    "peut-être",
    "wi-fi",
    "pomme de terre",
    "Maison",
    "ÉTÉ",
    "hérisson",
    "herisson",
    "Hermès",
    "straße",
    "naïve",
    "œuvre",
    "oeuvre",
    "x" * 300,
    "mdrrr",
    "okr",
]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_answer_is_wordfreqs(language: str) -> None:
    other = "en" if language == "fr" else "fr"
    own = [word for bucket in wordfreq.get_frequency_list(language) for word in bucket]
    foreign = [word for bucket in wordfreq.get_frequency_list(other) for word in bucket]
    # Every 40th word of the list (all frequency bands), words of the other list (mostly absent
    # here), and the odd inputs.
    sample = own[::40] + random.Random(7).sample(foreign, 3000) + _ODD_INPUTS
    differing = [
        (word, frequencies.zipf(word, language), wordfreq.zipf_frequency(word, language))
        for word in sample
        if frequencies.zipf(word, language) != wordfreq.zipf_frequency(word, language)
    ]
    assert not differing, differing[:10]


def test_the_list_is_read_bucket_by_bucket(tmp_path: Path) -> None:
    # The index of a word list is minus its frequency in centibels (wordfreq.read_cBpack).
    path = tmp_path / "large_xx.msgpack.gz"
    path.write_bytes(gzip.compress(msgpack.packb([{"format": "cB", "version": 1}, [], ["a", "b"], ["c"]])))
    assert list(frequencies._buckets(str(path))) == [[], ["a", "b"], ["c"]]


def test_a_file_that_is_not_a_word_list_is_named(tmp_path: Path) -> None:
    path = tmp_path / "large_xx.msgpack.gz"
    path.write_bytes(gzip.compress(msgpack.packb([{"format": "other"}, ["a"]])))
    with pytest.raises(ValueError, match=r"large_xx\.msgpack\.gz: not a wordfreq cBpack file"):
        list(frequencies._buckets(str(path)))
