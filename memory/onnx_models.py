"""Sentence-transformers models run by ONNX Runtime, exported once and kept in a cache folder.

sentence-transformers' own ONNX backend (``backend="onnx"``, through Optimum) gives the same vectors
as torch (to 1e-7) and encodes one short text in about half the time: torch's per-operation overhead
dominates a 20-token forward pass (docs/memory.md, "Embeddings"). The first load of a model exports
it (a few seconds); the export is saved under ``cache`` keyed by the model's files, so a changed
model is exported again and never read stale.

Beside the export goes the recipe of memory/onnx_encoder.py, once that encoder has been checked to
give sentence-transformers' vectors on this model: later loads read the export with ONNX Runtime
and ``tokenizers`` alone, without importing torch (:func:`read_encoder`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from memory.onnx_encoder import GRAPH_FILE, RECIPE_FILE, OnnxEncoder, recipe_of

logger = logging.getLogger(__name__)

EXPORTED_FILE = GRAPH_FILE
_NOT_KEPT = "cannot keep the ONNX export of the embedding model: it is made again at the next start"


def export_key(source: str) -> str:
    """A folder name for ``source``'s export: its name, and a digest of its files' names, sizes and
    times when it is a local folder (a model updated in place gets another key)."""
    path = Path(source).expanduser()
    digest = hashlib.sha256(str(path.resolve() if path.is_dir() else source).encode())
    if path.is_dir():
        for file in sorted(path.rglob("*")):
            if file.is_file():
                stat = file.stat()
                digest.update(f"{file.relative_to(path)}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    readable = "".join(c if c.isalnum() or c in "-_." else "-" for c in path.name or source)[:60]
    return f"{readable}-{digest.hexdigest()[:16]}"


def session_options(threads: int | None) -> Any:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    # ONNX Runtime's pool, like torch's, takes every core by default; a chat bot's queries want one
    # (memory/embeddings.py, load_embedder).
    options.intra_op_num_threads = threads or 0
    options.inter_op_num_threads = 1
    return options


def read_encoder(source: str, cache: Path, threads: int | None) -> OnnxEncoder | None:
    """``source``'s export as an :class:`OnnxEncoder` (no torch), or None when it has no recipe yet
    (never exported, or exported by an older Eko) or its files cannot be read: the caller then goes
    through :func:`load_onnx`, which reads or makes the export and writes the recipe."""
    saved = cache / export_key(source)
    if not (saved / RECIPE_FILE).is_file():
        return None
    try:
        return OnnxEncoder.load(saved, session_options(threads))
    except Exception as exc:  # a damaged file in the cache: sentence-transformers still reads the model
        logger.warning(
            "cannot read the exported embedding model without torch: loading it with sentence-transformers",
            extra={"folder": str(saved), "reason": f"{type(exc).__name__}: {exc}"[:300]},
        )
        return None


def load_onnx(source: str, cache: Path, threads: int | None, local_files_only: bool) -> Any:
    """``source`` (a sentence-transformers name or folder) as a ``SentenceTransformer`` on ONNX
    Runtime: read from ``cache`` when exported before, else exported now and saved there; the
    recipe that lets :func:`read_encoder` skip torch next time is written beside it.

    Raises ``ImportError`` when Optimum or ONNX Runtime is missing, and whatever the export raises
    for a model it cannot export; the caller falls back to torch."""
    saved = cache / export_key(source)
    model = _exported(source, saved, threads, local_files_only)
    if (saved / EXPORTED_FILE).is_file():  # reached without a readable recipe: (re)write it
        _write_recipe(model, saved, threads)
    return model


def _exported(source: str, saved: Path, threads: int | None, local_files_only: bool) -> Any:
    from sentence_transformers import SentenceTransformer

    model_kwargs = {"provider": "CPUExecutionProvider", "session_options": session_options(threads)}
    if (saved / EXPORTED_FILE).is_file():
        return SentenceTransformer(
            str(saved), backend="onnx", local_files_only=True, model_kwargs=model_kwargs
        )
    logger.info("exporting the embedding model to ONNX (once per model)", extra={"model": source})
    # sentence-transformers warns that the export should be saved: it is, just below.
    backend_log = logging.getLogger("sentence_transformers")
    level = backend_log.level
    backend_log.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            # Optimum exports through torch's TorchScript-based exporter, which torch deprecates:
            # nothing Eko can act on, and the export is checked (tests/memory/test_embeddings.py).
            warnings.simplefilter("ignore", DeprecationWarning)
            model = SentenceTransformer(
                source, backend="onnx", local_files_only=local_files_only, model_kwargs=model_kwargs
            )
    finally:
        backend_log.setLevel(level)
    _save(model, saved)
    return model


def _save(model: Any, saved: Path) -> None:
    """Write the export beside its final place, then rename it there: a process reading the cache
    never sees half an export, and of two processes exporting at once the first rename wins."""
    try:
        saved.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".export-", dir=saved.parent))
    except OSError as exc:
        logger.warning(_NOT_KEPT, extra={"reason": str(exc)})
        return
    try:
        model.save_pretrained(str(staging))
        os.replace(staging, saved)
    except OSError as exc:
        if not (saved / EXPORTED_FILE).is_file():
            logger.warning(_NOT_KEPT, extra={"reason": str(exc)})
    finally:
        shutil.rmtree(staging, ignore_errors=True)


# Texts the encoder must read as sentence-transformers does before its recipe is kept: spaces around
# a text, an empty one, accents, capitals, an emoji, a line break, and one past the 256-token window.
RECIPE_CHECKS = (
    "Hugo habite à Lyon",
    "  Qui gère le projet Atlas ?  ",
    "",
    "ÉKO, ÇA VA ? 😄",
    "première ligne\nseconde ligne",
    "Léa code en Rust et en Go depuis 2019. " * 40,
)
_MAX_GAP = 1e-5  # torch and ONNX Runtime agree to 2e-7 (tests/memory/test_embeddings.py)


def _write_recipe(model: Any, saved: Path, threads: int | None) -> None:
    """Keep the recipe of ``model``'s export when the torch-free encoder, following it, reads the
    check texts into the same token ids and vectors as ``model``; otherwise say why and keep none."""
    # Reached without a readable recipe: one that is damaged, or that this model no longer passes,
    # would be tried again at every start. It is written back below once checked (a read-only cache
    # keeps what it has: this start's model works either way).
    with contextlib.suppress(OSError):
        (saved / RECIPE_FILE).unlink(missing_ok=True)
    recipe = recipe_of(model)
    if recipe is None:
        logger.info(
            "the embedding model keeps loading through sentence-transformers", extra={"folder": str(saved)}
        )
        return
    try:
        encoder = OnnxEncoder.load(saved, session_options(threads), recipe)
        texts = list(RECIPE_CHECKS)
        same_ids = all(
            np.array_equal(
                np.asarray(model.preprocess([text])["input_ids"][0]),
                encoder.preprocess([text])["input_ids"][0],
            )
            for text in texts
        )
        expected = model.encode(texts, convert_to_numpy=True, show_progress_bar=False)
        gap = float(np.abs(encoder.encode(texts) - expected).max())
    except Exception as exc:  # whatever this model does that the encoder cannot: torch keeps it
        logger.warning(
            "the torch-free encoder cannot read this model: it keeps loading through sentence-transformers",
            extra={"folder": str(saved), "reason": f"{type(exc).__name__}: {exc}"[:300]},
        )
        return
    if not same_ids or gap > _MAX_GAP:
        logger.warning(
            "the torch-free encoder reads this model otherwise: it keeps going through sentence-transformers",
            extra={"folder": str(saved), "same_ids": same_ids, "gap": gap},
        )
        return
    try:
        recipe.save(saved)
    except OSError as exc:  # a read-only cache: this start's model works, the next start imports torch again
        logger.warning(
            "cannot keep the torch-free encoder's recipe beside the export", extra={"reason": str(exc)}
        )
