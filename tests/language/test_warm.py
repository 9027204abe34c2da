"""language.warm: after warm_up, the rules read no dictionary from disk (a load holds the interpreter
for about a second: the Lobby stalled for every connection, docs/bot.md "2026-11-27")."""

from __future__ import annotations

import subprocess
import sys

_AFTER_WARM_UP = """
import simplemma.strategies.dictionaries.dictionary_factory as factory
import simplemma.strategies.dictionaries.stream_dictionary_factory as stream_factory
from language.warm import warm_up
warm_up()

def no_more_loads(*args, **kwargs):
    raise AssertionError("a dictionary was loaded after warm_up")

# Every way simplemma reads a dictionary file: whole (the default) or as a stream (low_memory);
# and the FreeDict dictionaries the lexicon reads (language/lexicon.py).
factory._load_dictionary_from_disk = no_more_loads
factory._read_decompressed = no_more_loads
stream_factory._read_decompressed = no_more_loads
import language.lexicon as lexicon
lexicon.entries = no_more_loads
import language.frequencies as frequencies  # wordfreq's lists, read into tries
frequencies._buckets = no_more_loads
from language.curiosity import read_curiosity
from language.equivalence import about_veto, judge
about_veto("Adrien Richard", "Lina Mercier")
read_curiosity("Eko, c'est quoi le mot de passe du wifi invité ?")
read_curiosity("Eko, what does the Hermès project ship?", "en")
judge("fact", "Lina Mercier bosse chez Doctolib", "Adrien Richard works at Alan", "Lina", "Adrien")
# Subjects that translate word for word (the lexicon): 1.2 s on the event loop before it was warmed.
judge("goal", "C'est quand la prochaine all-hands ?", "When is the next all-hands?",
      "prochaine all-hands", "next all-hands", "fr", cosine=0.6)
print("ok")
"""


def test_after_warm_up_the_rules_load_no_dictionary() -> None:
    # A fresh interpreter: this test session has loaded everything already.
    done = subprocess.run([sys.executable, "-c", _AFTER_WARM_UP], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
