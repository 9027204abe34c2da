"""Sentence-transformers models run by ONNX Runtime, exported once and kept in a cache folder.

sentence-transformers' own ONNX backend (``backend="onnx"``, through Optimum) gives the same vectors
as torch (to 1e-7) and encodes one short text in about half the time: torch's per-operation overhead
dominates a 20-token forward pass (docs/memory.md, "Embeddings"). The first load of a model exports
it (a few seconds); the export is saved under ``cache`` keyed by the model's files, so a changed
model is exported again and never read stale.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

EXPORTED_FILE = Path("onnx") / "model.onnx"
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


def load_onnx(source: str, cache: Path, threads: int | None, local_files_only: bool) -> Any:
    """``source`` (a sentence-transformers name or folder) as a ``SentenceTransformer`` on ONNX
    Runtime: read from ``cache`` when exported before, else exported now and saved there.

    Raises ``ImportError`` when Optimum or ONNX Runtime is missing, and whatever the export raises
    for a model it cannot export; the caller falls back to torch."""
    from sentence_transformers import SentenceTransformer

    model_kwargs = {"provider": "CPUExecutionProvider", "session_options": session_options(threads)}
    saved = cache / export_key(source)
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
