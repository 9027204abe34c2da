"""Eko's language rules: pure functions over text (no I/O), imported by bot, reflection and memory.

This package imports nothing else of Eko. Word knowledge comes from maintained libraries where one
exists (lemmas from simplemma, stems from PyStemmer, word frequencies from wordfreq); the few word
lists left are general linguistic categories (see ``docs/memory.md``, "Language rules").
"""
