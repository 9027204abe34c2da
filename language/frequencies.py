"""How common a word is in French and in English: wordfreq's own lists, held compactly.

wordfreq turns a language's list into a Python dict on first use, about 33 MB a language: two
thirds of the word data `eko memory import` held beside the embedding model (docs/memory.md,
"Bounded imports: the process itself"). This module streams the same files (wordfreq's cBpack format, see
``wordfreq.read_cBpack``) into a MARISA trie (marisa-trie, about 3 MB a language) and looks a word
up the way ``wordfreq.zipf_frequency`` does, with wordfreq's own tokenizer, digit rules and
rounding; tests/language/test_frequencies.py checks that the two agree word for word.
"""

from __future__ import annotations

import gzip
import math
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import marisa_trie

# wordfreq's "best" list is its large one for French and English (words down to Zipf 1).
_WORDLIST = "best"


def _buckets(path: str) -> Iterator[list[str]]:
    """The word lists of a cBpack file one at a time: the index of each is minus the frequency of
    its words in centibels. Read as a stream, the whole list is never held at once (``read_cBpack``
    holds it: 25 MB more at peak)."""
    import msgpack

    with gzip.open(path, "rb") as packed:
        unpacker = msgpack.Unpacker(packed, raw=False)
        count = unpacker.read_array_header()
        header = unpacker.unpack()
        if not isinstance(header, dict) or header.get("format") != "cB" or header.get("version") != 1:
            raise ValueError(f"{path}: not a wordfreq cBpack file (header {header!r:.80})")
        for _ in range(count - 1):
            yield unpacker.unpack()


@cache
def _table(language: str) -> marisa_trie.RecordTrie:
    """Each word of ``language``'s list with its bucket index."""
    import marisa_trie
    import wordfreq

    buckets = _buckets(wordfreq.available_languages(_WORDLIST)[language])
    return marisa_trie.RecordTrie(
        "<H", ((word, (index,)) for index, bucket in enumerate(buckets) for word in bucket)
    )


def zipf(word: str, language: str) -> float:
    """``wordfreq.zipf_frequency(word, language)``: 0 for a word the list lacks, else the Zipf
    scale's log10 of occurrences per billion words, rounded to the hundredth."""
    import wordfreq
    from wordfreq.numbers import digit_freq, smash_numbers
    from wordfreq.tokens import lossy_tokenize

    tokens = lossy_tokenize(word, language)
    if not tokens:
        return 0.0
    table = _table(language)
    # Several tokens combine as wordfreq combines them: 1/f = 1/f1 + 1/f2 + ...
    inverse_sum = 0.0
    for token in tokens:
        smashed = smash_numbers(token)
        found = table.get(smashed)
        if not found:
            return 0.0
        frequency = wordfreq.cB_to_freq(-found[0][0])
        if smashed != token:  # digits are one entry in the list, spread by wordfreq's digit model
            frequency *= digit_freq(token)
        inverse_sum += 1.0 / frequency
    frequency = max(1.0 / inverse_sum, wordfreq.zipf_to_freq(0.0))
    # wordfreq keeps three significant digits of a frequency, then rounds the Zipf value.
    rounded = round(frequency, math.floor(-math.log(frequency, 10)) + 3)
    return round(wordfreq.freq_to_zipf(rounded), 2)


def load(language: str) -> None:
    """Read ``language``'s list now (about 0.7 s, holding the interpreter; language/warm.py)."""
    _table(language)
