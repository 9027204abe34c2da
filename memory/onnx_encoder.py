"""An exported embedding model run by ONNX Runtime and Hugging Face's ``tokenizers``, without torch.

sentence-transformers imports torch and transformers before its first vector: about 3 s and
330 MB here (docs/memory.md, "Embeddings"), paid by every ``eko`` process that encodes. Once a
model has been exported (memory/onnx_models.py), encoding needs only its tokenizer, its ONNX graph
and the pooling sentence-transformers applies after the graph. The export writes that recipe
(:class:`Recipe`) beside the graph, and only after checking on sample texts that this encoder gives
sentence-transformers' token ids and vectors; a model whose recipe this module cannot follow has no
recipe and keeps running through sentence-transformers.

fastembed (Qdrant's library for the same job) was tried: it truncates at the tokenizer config's
``max_length`` (128 for this model) where sentence-transformers reads 256 tokens, so long facts
got other vectors than the ones already stored, and it brings four more dependencies.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

RECIPE_FILE = "eko-encoder.json"
GRAPH_FILE = Path("onnx") / "model.onnx"
Pooling = Literal["mean", "cls"]


@dataclass(frozen=True)
class Recipe:
    """What sentence-transformers does around the exported graph, written down at export."""

    max_seq_length: int
    pad_id: int
    pad_token: str
    pooling: Pooling
    normalize: bool
    dimension: int

    def save(self, folder: Path) -> None:
        staging = folder / f".{RECIPE_FILE}.tmp"
        staging.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")
        staging.replace(folder / RECIPE_FILE)  # a reader sees the whole file or none

    @classmethod
    def read(cls, folder: Path) -> Recipe:
        fields = json.loads((folder / RECIPE_FILE).read_text(encoding="utf-8"))
        recipe = cls(**fields)
        if recipe.pooling not in ("mean", "cls") or recipe.max_seq_length < 2 or recipe.dimension < 1:
            raise ValueError(f"{RECIPE_FILE}: unexpected values {fields}")
        return recipe


class OnnxEncoder:
    """Encodes like sentence-transformers' ``encode`` for the models a :class:`Recipe` describes:
    the same tokenizer and truncation, the graph's token embeddings pooled over the attention mask,
    then L2-normalised. Texts are sorted by length before batching, as sentence-transformers does,
    so a batch pads to its own longest text."""

    def __init__(self, session: Any, tokenizer: Any, recipe: Recipe) -> None:
        self._session = session
        self._tokenizer = tokenizer
        self._recipe = recipe
        self._inputs = {graph_input.name for graph_input in session.get_inputs()}

    @classmethod
    def load(cls, folder: Path, session_options: Any, recipe: Recipe | None = None) -> OnnxEncoder:
        """The encoder of an export folder, following ``recipe`` or else the folder's own (raises
        ``FileNotFoundError`` when it has none)."""
        import onnxruntime
        from tokenizers import Tokenizer

        recipe = recipe or Recipe.read(folder)
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        # The file's own padding pads every text to a fixed length (128 here): pad to the batch's
        # longest instead, as sentence-transformers' ``padding=True`` does.
        tokenizer.enable_truncation(max_length=recipe.max_seq_length)
        tokenizer.enable_padding(pad_id=recipe.pad_id, pad_token=recipe.pad_token)
        session = onnxruntime.InferenceSession(
            str(folder / GRAPH_FILE), session_options, providers=["CPUExecutionProvider"]
        )
        return cls(session, tokenizer, recipe)

    def preprocess(self, texts: list[str]) -> dict[str, npt.NDArray[np.int64]]:
        """Token ids and attention mask of ``texts``, padded to the longest."""
        encodings = self._tokenizer.encode_batch(texts)
        features = {
            "input_ids": np.array([encoding.ids for encoding in encodings], dtype=np.int64),
            "attention_mask": np.array([encoding.attention_mask for encoding in encodings], dtype=np.int64),
        }
        if "token_type_ids" in self._inputs:
            features["token_type_ids"] = np.array(
                [encoding.type_ids for encoding in encodings], dtype=np.int64
            )
        return features

    def encode(self, sentences: list[str], batch_size: int = 32, **_: Any) -> npt.NDArray[np.float32]:
        """Vectors of ``sentences``, in their order (other keywords of sentence-transformers' encode,
        such as ``convert_to_numpy``, are what this encoder always does)."""
        vectors = np.zeros((len(sentences), self._recipe.dimension), dtype=np.float32)
        by_length = sorted(range(len(sentences)), key=lambda index: -len(sentences[index]))
        for start in range(0, len(by_length), batch_size):
            chosen = by_length[start : start + batch_size]
            vectors[chosen] = self._forward([sentences[index] for index in chosen])
        return vectors

    def _forward(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        features = self.preprocess(list(texts))
        (tokens,) = self._session.run(["last_hidden_state"], features)
        if self._recipe.pooling == "cls":
            pooled = tokens[:, 0]
        else:
            mask = features["attention_mask"][..., None].astype(np.float32)
            pooled = (tokens * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        if self._recipe.normalize:
            pooled = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return np.asarray(pooled, dtype=np.float32)

    def get_embedding_dimension(self) -> int:
        return self._recipe.dimension


def recipe_of(model: Any) -> Recipe | None:
    """The recipe of a sentence-transformers model on the ONNX backend, or None when it does more
    than this encoder follows (another pooling, a dense layer, a prompt, an output other than the
    token embeddings)."""
    modules = [type(module).__name__ for module in model]
    if modules[:2] != ["Transformer", "Pooling"] or set(modules[2:]) - {"Normalize"}:
        return None
    pooling = _pooling_mode(model[1].get_config_dict())
    tokenizer = model.tokenizer
    if pooling is None or tokenizer is None or tokenizer.pad_token is None:
        return None
    if any((getattr(model, "prompts", None) or {}).values()):
        return None
    return Recipe(
        max_seq_length=int(model.max_seq_length),
        pad_id=int(tokenizer.pad_token_id),
        pad_token=str(tokenizer.pad_token),
        pooling=pooling,
        normalize="Normalize" in modules,
        dimension=int(model.get_embedding_dimension()),
    )


def _pooling_mode(config: dict[str, Any]) -> Pooling | None:
    """ "mean" or "cls" from a Pooling module's config: sentence-transformers 5 names the mode
    (``pooling_mode: "mean"``), older releases set one flag among several
    (``pooling_mode_mean_tokens: true``)."""
    named = config.get("pooling_mode")
    if isinstance(named, str):
        modes = {named}
    else:
        modes = {
            key.removeprefix("pooling_mode_")
            for key, value in config.items()
            if key.startswith("pooling_mode_") and value
        }
    if modes == {"mean"} or modes == {"mean_tokens"}:
        return "mean"
    if modes == {"cls"} or modes == {"cls_token"}:
        return "cls"
    return None
