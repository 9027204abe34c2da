"""``Memory``: Eko's three collections (facts, self, goals) with duplicate-free writes and hybrid search."""

from __future__ import annotations

import asyncio
import builtins
import logging
import uuid
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal, cast

import numpy as np

from language import equivalence
from language.equivalence import Attribution
from language.facets import facet_of, states_another_facet
from language.relatives import about_another, asked_person, other_person, subjects_named
from memory.backends import Filters, PointData, Progress, StoredPoint, VectorBackend, open_backend
from memory.embeddings import Embedder, Vectors
from memory.items import MAX_TEXT_CHARS, check_item, check_utf8, new_record
from memory.merging import absorb, complete_link_clusters, merge_cluster, restore_into
from memory.payload import JUDGED_FIELDS, about_of, from_payload, to_payload
from memory.records import (
    KINDS,
    AddResult,
    GoalStatus,
    Kind,
    NewRecord,
    Record,
    RecordNotFound,
    ScoredRecord,
    VectorMismatchError,
)
from memory.sparse import SparseVector, sparse_vector
from memory.storage import Layout, MemoryConfig, check_layout, stale_terms

logger = logging.getLogger(__name__)

# How many nearest stored records a new text is compared with before it is written, per kind. The
# nearest are often the same subject's other facets ("Corentin habite où ?" for "Corentin, c'est qui
# ?"), so a window of 8 hid one in seven of the goal pairs the rules merge on the dev half (docs/
# memory.md, "The candidate window"); goals are few, facts many and phrased alike.
DUPLICATE_CANDIDATES: dict[Kind, int] = {"fact": 16, "self": 16, "goal": 32}
# A bulk import (add_batches) indexes what it wrote every this many records: at 100k facts its CPU
# time fell by a third (docs/memory.md, "At 100,000 facts").
INDEX_EVERY = 20_480
_SCROLL_PAGE = 512

# Aliases: inside ``Memory`` the name ``list`` is the method.
_Records = list[Record]
_Results = list[AddResult]
_WithVectors = list[tuple[Record, Vectors | None]]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SearchTuning:
    """How ``search`` ranks dense (meaning) and sparse (words) candidates.

    ``mode="dense"`` is dense only (the baseline the quality command compares with). In hybrid mode,
    ``fusion`` is ``linear`` (dense cosine + ``sparse_weight`` × sparse score relative to the best
    sparse hit: the measured best), or Qdrant's own ``rrf`` (weighted reciprocal rank) or ``dbsf``.
    The linear fusion's best ``rerank_depth`` are then read back and a fact that speaks of another
    person than the question (``language.relatives.other_person``: "La femme de Mickael…" for "il
    fait quoi Mickael ?") loses ``other_person_penalty``.
    """

    mode: Literal["hybrid", "dense"] = "hybrid"
    fusion: Literal["linear", "rrf", "dbsf"] = "linear"
    candidates: int = 50
    rrf_k: int = 10
    dense_weight: float = 1.0
    # Chosen again for USE multilingual (2026-11-27) on the blind dev half and the old sets, among
    # 0.75–2.5 × 2–4: dev recall@1 0.878 → 0.892, old 0.900 → 0.929, old-holdout 0.958 and every
    # recall@5 unchanged, against 1.5 and 3.0 (fitted with the English model: dev 0.743 → 0.770
    # for the name weight 3.0 against 2.0). docs/memory.md, "Retrieval quality".
    sparse_weight: float = 1.25
    name_weight: float = 4.0
    # The middle of the range where the dev half and the old sets gave the same figures (0.1–0.5):
    # docs/memory.md, "Retrieval quality".
    other_person_penalty: float = 0.3
    other_facet_penalty: float = 0.3
    rerank_depth: int = 10


@dataclass
class _Staged:
    record: Record
    # None: a stored record found as a duplicate candidate, read without its vector and with only
    # the fields the duplicate rules judge (``payload.JUDGED_FIELDS``): an import finds thousands
    # and merges into a few, which are read whole before they take anything (``_read_whole``).
    vector: Vectors | None
    text_changed: bool
    is_new: bool


class _StagedBatch:
    """What one write stages, by record id in staging order, and the vectors of the staged records
    that have one, a matrix per kind: a new item's cosines with every record staged before it are
    one matrix product, where a Python loop made one dot product per pair (2.5 million for 20,000
    facts; docs/memory.md, "What an import waits for")."""

    def __init__(self, capacity: int) -> None:
        self.entries: dict[str, _Staged] = {}
        self._capacity = capacity  # each item stages at most one record
        self._vectors: dict[Kind, np.ndarray] = {}
        self._ids: dict[Kind, list[str]] = {}

    def get(self, record_id: str) -> _Staged | None:
        return self.entries.get(record_id)

    def put(self, entry: _Staged) -> None:
        record_id, kind = entry.record.id, entry.record.kind
        first = record_id not in self.entries
        self.entries[record_id] = entry
        if not first or entry.vector is None:  # a record's vector does not change before _store
            return
        ids = self._ids.setdefault(kind, [])
        if kind not in self._vectors:
            self._vectors[kind] = np.empty((self._capacity, len(entry.vector)), dtype=np.float32)
        self._vectors[kind][len(ids)] = entry.vector
        ids.append(record_id)

    def near(self, kind: Kind, vector: Vectors, floor: float) -> Iterator[tuple[float, _Staged]]:
        """The staged records of ``kind`` with a vector, whose cosine with ``vector`` reaches
        ``floor``, in staging order."""
        ids = self._ids.get(kind)
        if not ids:
            return
        cosines = self._vectors[kind][: len(ids)] @ vector
        for row in np.flatnonzero(cosines >= floor):
            yield float(cosines[row]), self.entries[ids[row]]


def _checked_items(items: Sequence[NewRecord | Mapping[str, Any]]) -> list[NewRecord]:
    """``items`` validated; ``ValueError`` names the first bad one."""
    checked: list[NewRecord] = []
    for number, item in enumerate(items, start=1):
        try:
            checked.append(check_item(item))
        except (TypeError, ValueError) as error:
            raise ValueError(f"item {number}: {error}") from None
    return checked


def _restored_id(item: NewRecord) -> str | None:
    return item.history.id if item.history is not None else None


def _point_id(value: str) -> str | None:
    try:
        return str(uuid.UUID(str(value)))
    except ValueError:
        return None


def _attribution(record: Record | NewRecord) -> Attribution:
    """Who ``record`` is about and who said it, for the duplicate rules."""
    return Attribution(record.about, record.author)


def _sparse_terms(record: Record) -> SparseVector:
    # Absorbed paraphrases and the subject join the lexical index: more ways to find the record.
    return sparse_vector(" ".join([record.text, *record.variants, record.about or ""]))


def _written_vector(entry: _Staged) -> Vectors:
    if entry.vector is None:  # every merge target is read whole first (Memory._read_whole)
        raise RecordNotFound(entry.record.id)
    return entry.vector


def _point(record: Record, vector: Vectors) -> PointData:
    return PointData(record.id, vector, _sparse_terms(record), to_payload(record))


def _record(point: StoredPoint, kind: Kind) -> Record:
    return from_payload(point.id, kind, point.payload)


def _dense(point: StoredPoint) -> Vectors:
    if point.dense is None:
        raise ValueError(f"point {point.id} has no dense vector")
    return point.dense


class Memory:
    """Async access to the three kinds of records. Build with :meth:`open`; one instance per process."""

    def __init__(
        self,
        backend: VectorBackend,
        config: MemoryConfig,
        embedder: Embedder,
        clock: Callable[[], datetime],
        dimension: int,
        tuning: SearchTuning,
    ) -> None:
        self._backend = backend
        self._config = config
        self._embedder = embedder
        self._clock = clock
        self._dimension = dimension
        self.tuning = tuning
        self._write_lock = asyncio.Lock()  # dedup check + write must not interleave

    # ---------------------------------------------------------------- lifecycle
    @classmethod
    async def open(
        cls,
        config: MemoryConfig,
        embedder: Embedder,
        clock: Callable[[], datetime] = utc_now,
        *,
        allow_model_change: bool = False,
        tuning: SearchTuning | None = None,
        progress: Progress | None = None,
        backend: VectorBackend | None = None,
        reterm_progress: Progress | None = None,
    ) -> Memory:
        """Open (and create if needed) the collections.

        Raises ``StorageInUseError`` when another process holds the embedded storage, and
        ``VectorMismatchError`` when a collection was built with another embedding model, unless
        ``allow_model_change`` (then only :meth:`reembed` should be called). An older embedded
        directory is migrated first, ``progress(done, total)`` following it; a collection whose sparse
        vectors come from an older term scheme is then re-termed (:meth:`_reterm`),
        ``reterm_progress`` following that. ``backend`` replaces the engine ``config`` names (tests
        run every backend through this).
        """
        missing = set(KINDS) - set(config.collections)
        if missing:
            raise ValueError(f"collection names missing for: {', '.join(sorted(missing))}")
        if backend is None:
            backend = await open_backend(config, progress)
        stale: builtins.list[Kind] = []
        try:
            dimension = await asyncio.to_thread(lambda: embedder.dimension)
            for kind in KINDS:
                stored = await backend.layout(kind)
                if stored is None:
                    await backend.create(kind, Layout.of(embedder.name, dimension))
                    continue
                if stale_terms(stored, embedder.name, dimension):
                    stale.append(kind)
                    continue
                try:
                    check_layout(config.collections[kind], stored, embedder.name, dimension)
                except VectorMismatchError:
                    if not allow_model_change:
                        raise
            memory = cls(backend, config, embedder, clock, dimension, tuning or SearchTuning())
            if stale:
                await memory._reterm(stale, reterm_progress)
        except BaseException:
            await backend.close()
            raise
        return memory

    async def close(self) -> None:
        await self._backend.close()

    async def optimize(self) -> None:
        """Index what was written since the last call (after an import): searches get faster, and
        the engine holds the process while it works (about a minute per 100,000 new records)."""
        async with self._write_lock:
            await self._backend.optimize()

    async def __aenter__(self) -> Memory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---------------------------------------------------------------- writes
    async def add(
        self,
        kind: Kind,
        text: str,
        about: str | None = None,
        author: str | None = None,
        source: dict[str, Any] | None = None,
        facet: str | None = None,
    ) -> AddResult:
        """Store ``text`` unless an equivalent record exists, which then absorbs it (status "merged")."""
        results = await self.add_many([NewRecord(kind, text, about, author, source, facet)])
        return results[0]

    async def add_many(self, items: Sequence[NewRecord | Mapping[str, Any]]) -> list[AddResult]:
        """Duplicate-free writes of many items with one batched embedding; results in input order.

        Every item is validated first (``ValueError`` names the first bad one, nothing is written).
        Items equivalent to an earlier item of the same batch merge into it. An item whose
        ``history`` carries an id (a line of ``eko memory export``) is restored under that id as it
        was, without a duplicate check; when that id is already stored, the stored record takes back
        what the backup holds (see :func:`memory.merging.restore_into`).
        """
        checked = _checked_items(items)
        if not checked:
            return []
        return await self._add_checked(checked, None)

    async def add_batches(
        self, batches: Iterable[Sequence[NewRecord | Mapping[str, Any]]], encoders: int = 1
    ) -> AsyncIterator[builtins.list[AddResult] | ValueError]:
        """:meth:`add_many` of each batch in turn, for bulk imports: the next ``encoders`` batches are
        encoded (each in its own worker thread, the model releasing the GIL) while this one is
        checked and written, so the model and the duplicate checks use several cores. ``batches`` is
        read ``encoders`` batches ahead. Every :data:`INDEX_EVERY` records the engine indexes what was
        written (:meth:`optimize`), so the duplicate checks of the following batches search an index
        instead of scanning every record this import wrote (the caller still optimizes at the end).

        Yields each batch's results in order, or the ``ValueError`` that refused it (nothing of that
        batch is written; the following batches go on). The results do not depend on ``encoders``.
        """
        if encoders < 1:
            raise ValueError(f"encoders must be at least 1, not {encoders}")
        upcoming = iter(batches)
        pending: deque[asyncio.Future[tuple[builtins.list[NewRecord], Vectors] | ValueError]] = deque()

        def encode_ahead() -> None:
            while len(pending) < encoders and (future := self._encode_next(upcoming)) is not None:
                pending.append(future)

        encode_ahead()
        unindexed = 0
        try:
            while pending:
                encoded = await pending.popleft()
                encode_ahead()
                outcome: builtins.list[AddResult] | ValueError
                if isinstance(encoded, ValueError):
                    outcome = encoded
                else:
                    try:
                        outcome = await self._add_checked(*encoded) if encoded[0] else []
                    except ValueError as error:
                        outcome = error
                    unindexed += len(encoded[0])
                if unindexed >= INDEX_EVERY:
                    await self.optimize()
                    unindexed = 0
                yield outcome
        finally:
            for future in pending:
                future.cancel()

    def _encode_next(
        self, upcoming: Iterator[Sequence[NewRecord | Mapping[str, Any]]]
    ) -> asyncio.Future[tuple[builtins.list[NewRecord], Vectors] | ValueError] | None:
        """The next batch, checked and encoded in the background (None: no batch left)."""
        batch = next(upcoming, None)
        if batch is None:
            return None

        async def encode() -> tuple[builtins.list[NewRecord], Vectors] | ValueError:
            try:
                checked = _checked_items(batch)
            except ValueError as error:
                return error
            return checked, await self._embedder.embed([item.text for item in checked])

        return asyncio.ensure_future(encode())

    async def _add_checked(self, checked: builtins.list[NewRecord], vectors: Vectors | None) -> _Results:
        async with self._write_lock:
            await self._check_restored_ids(checked)
            return await self._write(checked, goal_id=None, vectors=vectors)

    async def _check_restored_ids(self, items: Sequence[NewRecord]) -> None:
        """A restored id must not name a record of another kind (ids are unique across kinds)."""
        kinds: dict[str, tuple[Kind, int]] = {}
        for number, item in enumerate(items, start=1):
            record_id = _restored_id(item)
            if record_id is None:
                continue
            if kinds.setdefault(record_id, (item.kind, number))[0] != item.kind:
                raise ValueError(f"item {number}: id {record_id} is given to a {kinds[record_id][0]} too")
        for kind in KINDS:
            others = [i for i, (k, _) in kinds.items() if k != kind]
            if not others:
                continue
            clash = await self._backend.retrieve(kind, others)
            if clash:
                record_id = clash[0].id
                number = kinds[record_id][1]
                raise ValueError(f"item {number}: id {record_id} is already a {kind} record")

    async def _write(
        self, items: builtins.list[NewRecord], goal_id: str | None, vectors: Vectors | None = None
    ) -> _Results:
        """Write ``items`` (their ``vectors`` when already encoded) with duplicate checks."""
        now = self._clock()
        if vectors is None:
            vectors = await self._embedder.embed([item.text for item in items])
        stored = await self._stored_by_id(items)
        checked = [i for i, item in enumerate(items) if _restored_id(item) is None]
        hits = dict(
            zip(checked, await self._candidates([items[i] for i in checked], vectors[checked]), strict=True)
        )
        staged = _StagedBatch(len(items))
        results: builtins.list[AddResult] = []
        for position, (item, vector) in enumerate(zip(items, vectors, strict=True)):
            incoming = new_record(item, now, goal_id)
            restoring = position not in hits
            if restoring:  # restored under its id: only that same record can take it
                target = staged.get(incoming.id) or stored.get(incoming.id)
            else:
                target = self._equivalent(item, vector, hits[position], staged)
                if target is not None and target.vector is None:
                    await self._read_whole(target)
            results.append(_stage(incoming, vector, target, staged, now, restoring))
        await self._store(builtins.list(staged.entries.values()))
        merged = sum(1 for r in results if r.status == "merged")
        logger.info("memory write", extra={"items": len(items), "merged": merged})
        return results

    async def _stored_by_id(self, items: Sequence[NewRecord]) -> dict[str, _Staged]:
        """The stored records that restored items name by id (a backup re-imported in place)."""
        found: dict[str, _Staged] = {}
        for kind in KINDS:
            ids = sorted({i for item in items if item.kind == kind and (i := _restored_id(item))})
            if not ids:
                continue
            for p in await self._backend.retrieve(kind, ids, with_dense=True):
                record = _record(p, kind)
                found[record.id] = _Staged(record, _dense(p), text_changed=False, is_new=False)
        return found

    async def _read_whole(self, entry: _Staged) -> None:
        """A duplicate candidate about to be merged into, read whole: its payload and its vector."""
        found = await self._backend.retrieve(entry.record.kind, [entry.record.id], with_dense=True)
        if not found:  # another process deleted it since the search
            raise RecordNotFound(entry.record.id)
        entry.record, entry.vector = _record(found[0], entry.record.kind), _dense(found[0])

    async def _candidates(self, items: list[NewRecord], vectors: Vectors) -> list[list[tuple[Record, float]]]:
        """For every item, the nearest stored records of its kind above the candidate floor, with
        their cosine, read as far as the duplicate rules judge them (see ``_Staged``)."""
        found: list[list[tuple[Record, float]]] = [[] for _ in items]
        for kind in KINDS:
            positions = [i for i, item in enumerate(items) if item.kind == kind]
            if not positions:
                continue
            nearest = await self._backend.nearest(
                kind,
                vectors[positions],
                DUPLICATE_CANDIDATES[kind],
                floor=equivalence.CANDIDATE_FLOOR[kind],
                with_payload=JUDGED_FIELDS,
                with_dense=False,
            )
            for i, points in zip(positions, nearest, strict=True):
                # A record about someone else is never a duplicate (``equivalence.about_veto``): left
                # out before its record is read from the payload (an import reads thousands).
                about = items[i].about
                found[i] = [
                    (_record(p, kind), p.score)
                    for p in points
                    if not equivalence.about_veto(about, about_of(p.payload), kind)
                ]
        return found

    def _equivalent(
        self,
        item: NewRecord,
        vector: Vectors,
        stored_hits: list[tuple[Record, float]],
        staged: _StagedBatch,
    ) -> _Staged | None:
        """The most similar existing (stored or staged in this batch) record equivalent to ``item``."""
        # Records about someone else are never equivalent (is_equivalent's first test): left out
        # before the cosine and the full rules, which an import of many people's facts spent most of
        # its duplicate checks on (docs/memory.md, "Import at 100,000 facts").
        about = item.about
        scored: dict[str, tuple[float, _Staged]] = {}
        for record, score in stored_hits:
            entry = staged.get(record.id) or _Staged(record, None, text_changed=False, is_new=False)
            if not equivalence.about_veto(about, entry.record.about, item.kind):
                scored[record.id] = (score, entry)
        # The cosine first, where the subject test compares two names (most of a batch's records are
        # far from this one). A stored record is a candidate through the engine's search (stored_hits).
        for cosine, entry in staged.near(item.kind, vector, equivalence.CANDIDATE_FLOOR[item.kind]):
            if entry.record.id not in scored and not equivalence.about_veto(
                about, entry.record.about, item.kind
            ):
                scored[entry.record.id] = (cosine, entry)
        new = _attribution(item)
        for cosine, entry in sorted(scored.values(), key=lambda pair: -pair[0]):
            if equivalence.is_equivalent(
                item.kind, item.text, entry.record.text, cosine, new, _attribution(entry.record)
            ):
                staged.put(entry)
                return entry
        return None

    async def _store(self, staged: list[_Staged]) -> None:
        changed = [entry for entry in staged if entry.text_changed]
        if changed:
            fresh = await self._embedder.embed([entry.record.text for entry in changed])
            for entry, vector in zip(changed, fresh, strict=True):
                entry.vector = vector
        for kind in KINDS:
            entries = [e for e in staged if e.record.kind == kind]
            if not entries:
                continue
            await self._backend.upsert(kind, [_point(e.record, _written_vector(e)) for e in entries])

    async def _save_payload(self, record: Record) -> None:
        await self._backend.overwrite_payload(record.kind, record.id, to_payload(record))

    # ---------------------------------------------------------------- reads
    async def search(
        self, kind: Kind, query: str, limit: int = 5, filters: Mapping[str, Any] | None = None
    ) -> list[ScoredRecord]:
        """Records of ``kind`` that answer ``query``, best first.

        Ranking fuses dense (meaning) and sparse (words, names) matches; ``score`` is the dense
        cosine similarity, so callers can apply a threshold. ``filters`` match payload fields
        exactly (a list value matches any of its items), e.g. ``{"about": "David"}``.
        """
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        if not isinstance(query, str):
            raise ValueError("query must be a string")
        check_utf8("query", query)  # the tokenizer fails on a lone surrogate with a TypeError
        if not query.strip():
            return []
        limit = max(1, min(int(limit), 100))
        tuning = self.tuning
        query = query[:MAX_TEXT_CHARS]
        lexical = sparse_vector(query, name_weight=tuning.name_weight, query=True)
        depth = max(tuning.candidates, limit)
        points: Sequence[StoredPoint]
        if tuning.mode == "dense" or not lexical.indices:
            vector = (await self._embedder.embed([query]))[0]
            points = (await self._backend.nearest(kind, vector[np.newaxis, :], limit, filters=filters))[0]
        elif tuning.fusion == "linear":
            vector, words = await self._encoded_with_words(kind, query, lexical, depth, filters)
            ranked = await self._linear_search(kind, query, vector, words, depth, limit, filters)
            points = [point for point, _ in ranked]
        else:
            vector = (await self._embedder.embed([query]))[0]
            points = await self._backend.fused(
                kind,
                vector,
                lexical,
                depth,
                limit,
                tuning.fusion,
                (tuning.dense_weight, tuning.sparse_weight),
                tuning.rrf_k,
                filters,
            )
        return [
            ScoredRecord(record=_record(point, kind), score=float(np.dot(vector, _dense(point))))
            for point in points[:limit]
        ]

    async def _linear_search(
        self,
        kind: Kind,
        query: str,
        vector: Vectors,
        words: Sequence[StoredPoint],
        depth: int,
        limit: int,
        filters: Filters | None,
    ) -> builtins.list[tuple[StoredPoint, float]]:
        """Dense candidates and ``words`` (the sparse ones) ranked by their fused score
        (:meth:`_fused`), the best ``rerank_depth`` read back (payload and dense vector) and
        re-ranked: a fact about another person than the question's loses ``other_person_penalty``.
        Best first, with that score."""
        tuning = self.tuning
        top = (await self._fused(kind, vector, words, depth, filters))[: max(limit, tuning.rerank_depth)]
        by_id = {p.id: p for p in await self._backend.retrieve(kind, [i for i, _ in top], with_dense=True)}
        asked = asked_person(query)
        asked_facet = facet_of(query)
        records = {i: _record(point, kind) for i, point in by_id.items()}
        named = subjects_named(query, (record.about for record in records.values()))
        ranked: builtins.list[tuple[StoredPoint, float]] = []
        for i, score in top:
            record = records.get(i)
            if record is None:  # another process deleted it since the search
                continue
            point = by_id[i]
            if other_person(asked, record.text, record.about) or about_another(
                named, record.text, record.about
            ):
                score -= tuning.other_person_penalty
            if states_another_facet(asked_facet, record.text):
                score -= tuning.other_facet_penalty  # "travaille chez Ledger" for "son métier ?"
            ranked.append((point, score))
        ranked.sort(key=lambda item: item[1], reverse=True)  # stable: ties keep the fused order
        return ranked

    async def _encoded_with_words(
        self, kind: Kind, query: str, lexical: SparseVector, depth: int, filters: Filters | None
    ) -> tuple[Vectors, Sequence[StoredPoint]]:
        """The query's vector, and its ``depth`` best sparse candidates searched meanwhile: the words'
        side needs no vector, and the encode and the engine both run outside the interpreter, so on
        two cores the sparse search costs no time of its own (docs/memory.md, "Search")."""
        vectors, words = await asyncio.gather(
            self._embedder.embed([query]), self._backend.sparse_nearest(kind, lexical, depth, filters)
        )
        return vectors[0], words

    async def _fused(
        self, kind: Kind, vector: Vectors, words: Sequence[StoredPoint], depth: int, filters: Filters | None
    ) -> builtins.list[tuple[str, float]]:
        """(id, cosine + weighted sparse score relative to the best), best first, over the ``depth``
        best dense candidates and the sparse ones, ``words``."""
        dense_hits = (
            await self._backend.nearest(
                kind, vector[np.newaxis, :], depth, filters=filters, with_payload=False, with_dense=False
            )
        )[0]
        cosines = {p.id: p.score for p in dense_hits}
        sparse_scores = {p.id: p.score for p in words}
        # A candidate only the sparse side found is outside the dense top: its cosine is at most the
        # lowest one there (enough to rank it; the caller reads its exact score back).
        floor = min(cosines.values(), default=0.0)
        best_sparse = max(sparse_scores.values(), default=0.0)
        relative = {i: score / best_sparse for i, score in sparse_scores.items()} if best_sparse > 0 else {}
        tuning = self.tuning
        fused = {
            i: tuning.dense_weight * cosines.get(i, floor) + tuning.sparse_weight * relative.get(i, 0.0)
            for i in set(cosines) | set(relative)
        }
        return sorted(fused.items(), key=lambda item: item[1], reverse=True)

    async def fused_scores(
        self, kind: Kind, query: str, limit: int = 5
    ) -> builtins.list[tuple[Record, float]]:
        """The best records of a linear hybrid search with the score the ranking compares (fused,
        then re-ranked: so the margin between the first two can be read)."""
        query = query[:MAX_TEXT_CHARS]
        lexical = sparse_vector(query, name_weight=self.tuning.name_weight, query=True)
        depth = max(self.tuning.candidates, limit)
        vector, words = await self._encoded_with_words(kind, query, lexical, depth, None)
        ranked = await self._linear_search(kind, query, vector, words, depth, limit, None)
        return [(_record(point, kind), score) for point, score in ranked[:limit]]

    async def _find(self, record_id: str) -> Record | None:
        point_id = _point_id(record_id)
        if point_id is None:
            return None
        for kind in KINDS:
            points = await self._backend.retrieve(kind, [point_id])
            if points:
                return _record(points[0], kind)
        return None

    async def get(self, record_id: str) -> Record:
        """The record with that id, in any kind; ``RecordNotFound`` otherwise."""
        record = await self._find(record_id)
        if record is None:
            raise RecordNotFound(record_id)
        return record

    async def list(
        self, kind: Kind, status: GoalStatus | None = None, limit: int = 20, offset: int = 0
    ) -> _Records:
        """Records of ``kind``, newest first; ``status`` filters goals."""
        if limit <= 0:
            return []
        offset = max(0, offset)
        points = await self._backend.newest(kind, offset + limit, {"status": status} if status else None)
        return [_record(p, kind) for p in points[offset:]]

    async def all(self, kind: Kind, with_vectors: bool = False) -> _WithVectors:
        """Every record of ``kind`` in storage order (for export, dedupe and re-embedding)."""
        found: _WithVectors = []
        offset: str | None = None
        while True:
            points, offset = await self._backend.scroll(kind, _SCROLL_PAGE, offset, with_dense=with_vectors)
            found += [(_record(p, kind), _dense(p) if with_vectors else None) for p in points]
            if offset is None:
                return found

    async def count(self, kind: Kind, status: GoalStatus | None = None) -> int:
        return await self._backend.count(kind, {"status": status} if status else None)

    async def delete(self, record_id: str) -> Record:
        """Delete a record; returns what was deleted. ``RecordNotFound`` for an unknown id."""
        async with self._write_lock:
            record = await self.get(record_id)
            await self._backend.delete(record.kind, [record.id])
        return record

    # ---------------------------------------------------------------- goals
    async def next_goal(self) -> Record | None:
        """The most recent pending goal (the next curiosity to ask about), if any."""
        pending = await self.list("goal", status="pending", limit=1)
        return pending[0] if pending else None

    async def _goal(self, goal_id: str) -> Record:
        record = await self._find(goal_id)
        if record is None or record.kind != "goal":
            raise RecordNotFound(goal_id, goal=True)
        return record

    async def mark_asked(self, goal_id: str, message_id: str | None) -> Record:
        """The goal was asked in the Lobby (``message_id`` is the Lobby message that asked it)."""
        async with self._write_lock:
            goal = await self._goal(goal_id)
            now = self._clock()
            # An answer that arrived meanwhile stays: asking again does not re-open the goal.
            status: GoalStatus = "answered" if goal.status == "answered" else "asked"
            goal = replace(goal, status=status, asked_at=now, asked_message_id=message_id, updated_at=now)
            await self._save_payload(goal)
        return goal

    async def set_asked_message(self, goal_id: str, message_id: str) -> Record:
        """Attach the Lobby message that asked the goal, keeping ``asked_at`` and the status.

        Askers mark a goal asked *before* posting (a reply can arrive before the post returns and
        must find the goal it answers), then attach the message id once the Lobby assigned it.
        """
        async with self._write_lock:
            goal = await self._goal(goal_id)
            goal = replace(goal, asked_message_id=message_id, updated_at=self._clock())
            await self._save_payload(goal)
        return goal

    async def reopen_goal(self, goal_id: str) -> Record:
        """An ask that never reached the Lobby: an asked goal goes back to pending.

        An answered or dropped goal stays as it is.
        """
        async with self._write_lock:
            goal = await self._goal(goal_id)
            if goal.status == "asked":
                goal = replace(
                    goal, status="pending", asked_at=None, asked_message_id=None, updated_at=self._clock()
                )
                await self._save_payload(goal)
        return goal

    async def answer_goal(
        self, goal_id: str, answer_text: str, author: str | None, facet: str | None = None
    ) -> Record:
        """Store the answer as a fact about the goal's subject and mark the goal answered.

        The fact carries the goal's facet, or ``facet`` (the caller's reading of the goal's text)
        for a goal stored without one (before facets were kept, or written by hand): the question
        asked again then finds it whatever the dense score (language/relevance.py, ``asks_again``).
        Returns the fact (a fact already stored may have absorbed the answer).
        """
        item = check_item(NewRecord("fact", answer_text, author=author))
        async with self._write_lock:
            goal = await self._goal(goal_id)
            learned = replace(item, about=goal.about, facet=goal.facet or facet)
            result = (await self._write([learned], goal_id=goal.id))[0]
            now = self._clock()
            await self._save_payload(
                replace(goal, status="answered", answer_fact_id=result.id, updated_at=now)
            )
            fact = await self.get(result.id)
        return fact

    async def settle_goal(self, goal_id: str, fact_id: str) -> Record:
        """Mark a goal answered by a fact already stored (one learned since for a paraphrase of it,
        or imported): it is not asked, and asking it again quotes that fact."""
        async with self._write_lock:
            goal = await self._goal(goal_id)
            fact = await self._find(fact_id)
            if fact is None or fact.kind != "fact":
                raise RecordNotFound(fact_id)
            goal = replace(goal, status="answered", answer_fact_id=fact.id, updated_at=self._clock())
            await self._save_payload(goal)
        return goal

    async def drop_goal(self, goal_id: str) -> Record:
        """Give up on a goal: it will not be asked again (and equivalent goals merge into it)."""
        async with self._write_lock:
            goal = await self._goal(goal_id)
            goal = replace(goal, status="dropped", updated_at=self._clock())
            await self._save_payload(goal)
        return goal

    # ---------------------------------------------------------------- clean-up
    async def find_duplicates(self, kind: Kind) -> builtins.list[_Records]:
        """Clusters of stored records that say the same thing (every two members equivalent)."""
        stored = await self.all(kind, with_vectors=True)
        if len(stored) < 2:
            return []
        records = [record for record, _ in stored]
        matrix = np.stack([cast(Vectors, vector) for _, vector in stored])
        floor = equivalence.CANDIDATE_FLOOR[kind]
        pairs: dict[tuple[int, int], float] = {}
        for start in range(0, len(records), 1024):  # blockwise: bounded memory on large collections
            block = matrix[start : start + 1024] @ matrix.T
            for row, col in zip(*np.nonzero(block >= floor), strict=True):
                i, j = start + int(row), int(col)
                if i >= j:
                    continue
                newer, older = sorted((records[i], records[j]), key=_age, reverse=True)
                cosine = float(block[row, col])
                if equivalence.is_equivalent(
                    kind, newer.text, older.text, cosine, _attribution(newer), _attribution(older)
                ):
                    pairs[(i, j)] = cosine
        groups = complete_link_clusters(len(records), pairs)
        return [sorted((records[i] for i in group), key=_age) for group in groups]

    async def merge(self, cluster: Sequence[Record]) -> Record:
        """Merge equivalent records into the oldest one (text, authors, counts, variants); delete the rest."""
        if not cluster:
            raise ValueError("cannot merge an empty cluster")
        async with self._write_lock:
            fresh = [await self.get(record.id) for record in cluster]
            unique = list({record.id: record for record in fresh}.values())
            kinds = {record.kind for record in unique}
            if len(kinds) != 1:
                raise ValueError("cannot merge records of different kinds")
            _check_same_subject(unique)
            if len(unique) == 1:
                return unique[0]
            merged = merge_cluster(unique, self._clock())
            removed = [r.id for r in unique if r.id != merged.id]
            vector = (await self._embedder.embed([merged.text]))[0]
            kind = merged.kind
            await self._backend.upsert(kind, [_point(merged, vector)])
            await self._backend.delete(kind, removed)
            if kind == "goal":  # answers written for a merged-away goal now point at the survivor
                await self._backend.set_payload("fact", {"goal_id": removed}, {"goal_id": merged.id})
        logger.info("memory merge", extra={"kind": kind, "kept": merged.id, "removed": len(removed)})
        return merged

    async def _reterm(self, kinds: Sequence[Kind], progress: Progress | None) -> int:
        """Rebuild the sparse vectors of ``kinds`` from their stored texts with today's terms, keeping
        the dense vectors: point by point in place (same ids), then the collection's layout. Killed
        midway, the layout still names the old scheme and the next open starts again; no point is
        ever missing. Returns the number of points re-termed."""
        total = sum([await self._backend.count(kind) for kind in kinds])
        logger.warning(
            "re-terming memory for search (sparse vectors from an older scheme)",
            extra={"kinds": list(kinds), "points": total},
        )
        done = reported = 0
        step = max(_SCROLL_PAGE, total // 10)  # about ten lines for the whole re-term
        for kind in kinds:
            offset: str | None = None
            while True:
                points, offset = await self._backend.scroll(kind, _SCROLL_PAGE, offset, with_dense=True)
                if points:
                    await self._backend.upsert(
                        kind,
                        [
                            PointData(p.id, _dense(p), _sparse_terms(_record(p, kind)), p.payload)
                            for p in points
                        ],
                    )
                done += len(points)
                if progress is not None and done // step > reported // step:
                    progress(done, total)
                    reported = done
                if offset is None:
                    break
            await self._backend.set_layout(kind, Layout.of(self._embedder.name, self._dimension))
        if progress is not None and reported != done:  # the last line says it is complete
            progress(done, total)
        await self._backend.optimize()
        logger.warning("memory re-termed", extra={"points": done})
        return done

    async def reembed(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Re-encode every record with the current embedder, rebuilding the collections.

        Everything is read and encoded before any collection is replaced, so a failure (model,
        memory) leaves the old collections untouched. Ids that are not UUIDs (legacy integer ids)
        become stable UUIDs. ``progress(done, total)`` is called after each encoded batch.
        Returns the number of records.
        """
        async with self._write_lock:
            rebuilt: dict[Kind, builtins.list[PointData]] = {}
            stored = {kind: [r for r, _ in await self.all(kind) if r.text.strip()] for kind in KINDS}
            total = sum(len(records) for records in stored.values())
            done = 0
            for kind, records in stored.items():
                rebuilt[kind] = []
                for start in range(0, len(records), 256):
                    batch = [_portable(r, kind, self._clock) for r in records[start : start + 256]]
                    vectors = await self._embedder.embed([r.text for r in batch])
                    rebuilt[kind] += [_point(r, v) for r, v in zip(batch, vectors, strict=True)]
                    done += len(batch)
                    if progress is not None:
                        progress(done, total)
            layout = Layout.of(self._embedder.name, self._dimension)
            for kind, points in rebuilt.items():
                await self._backend.create(kind, layout)
                for start in range(0, len(points), 256):
                    await self._backend.upsert(kind, points[start : start + 256])
            await self._backend.optimize()
        logger.info("memory re-embedded", extra={"records": total, "model": self._embedder.name})
        return total


def _stage(
    incoming: Record,
    vector: Vectors,
    target: _Staged | None,
    staged: _StagedBatch,
    now: datetime,
    restoring: bool,
) -> AddResult:
    """Stage ``incoming`` for writing: as a new point, or folded into ``target``."""
    if target is None:
        staged.put(_Staged(incoming, vector, text_changed=False, is_new=True))
        return AddResult(id=incoming.id, status="added")
    before = target.record.text
    # A backup of the same record must not count its occurrences twice; an equivalent write does.
    fold = restore_into if restoring else absorb
    target.record = fold(target.record, incoming, now)
    target.text_changed = target.text_changed or target.record.text != before
    staged.put(target)
    return AddResult(id=target.record.id, status="merged", duplicate_of=target.record.id)


def _check_same_subject(records: Sequence[Record]) -> None:
    """A merge keeps one ``about``: records about different people must stay apart."""
    for i, a in enumerate(records):
        for b in records[i + 1 :]:
            if equivalence.subject_veto(a.kind, a.text, _attribution(a), b.text, _attribution(b)):
                raise ValueError(f"cannot merge records about different subjects ({a.id}, {b.id})")


def _portable(record: Record, kind: Kind, clock: Callable[[], datetime]) -> Record:
    """A record fit for our layout: a UUID id (stable for legacy ids), a kind, a creation time."""
    point_id = _point_id(record.id) or str(uuid.uuid5(uuid.NAMESPACE_URL, f"eko:{kind}:{record.id}"))
    return replace(record, id=point_id, kind=kind, created_at=record.created_at or clock())


def _age(record: Record) -> tuple[bool, datetime, str]:
    return (record.created_at is None, record.created_at or datetime.max.replace(tzinfo=UTC), record.id)
