"""Every database operation the project uses, checked on the embedded store and (when configured) MongoDB.

If a package needs another operation, add it here first: the embedded store is a subset of MongoDB.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import tinymongo
from pymongo import ASCENDING, DESCENDING, ReturnDocument
from pymongo.errors import BulkWriteError, DuplicateKeyError, PyMongoError

from store import Database, insert_if_missing, open_database
from tests.store.conftest import Opener

T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


async def test_ping(database: Database) -> None:
    assert await database.ping() is True


async def test_insert_one_then_find_one(database: Database) -> None:
    col = database.db["things"]
    result = await col.insert_one({"_id": "a", "name": "Kraken", "at": T0})
    assert result.inserted_id == "a"
    found = await col.find_one({"_id": "a"})
    assert found == {"_id": "a", "name": "Kraken", "at": T0}
    assert found is not None and found["at"].tzinfo is not None  # aware UTC back
    assert await col.find_one({"_id": "missing"}) is None


async def test_insert_generates_an_id_when_none_is_given(database: Database) -> None:
    col = database.db["things"]
    result = await col.insert_one({"name": "x"})
    assert await col.find_one({"_id": result.inserted_id}) is not None


async def test_duplicate_id_raises_duplicate_key_error(database: Database) -> None:
    col = database.db["things"]
    await col.insert_one({"_id": "a"})
    with pytest.raises(DuplicateKeyError):
        await col.insert_one({"_id": "a"})


async def test_insert_many_keeps_order_and_reports_duplicates(database: Database) -> None:
    col = database.db["things"]
    result = await col.insert_many([{"_id": f"m{i}", "seq": i} for i in range(3)], ordered=True)
    assert result.inserted_ids == ["m0", "m1", "m2"]
    with pytest.raises(BulkWriteError):
        await col.insert_many([{"_id": "m3", "seq": 3}, {"_id": "m1", "seq": 9}], ordered=True)
    assert [d["_id"] async for d in col.find({}).sort([("seq", ASCENDING)])] == ["m0", "m1", "m2", "m3"]


async def test_insert_if_missing_replaces_set_on_insert(database: Database) -> None:
    col = database.db["stats"]
    assert await insert_if_missing(col, {"_id": "day", "posted": 0, "created": T0}) is True
    await col.update_one({"_id": "day"}, {"$inc": {"posted": 1}})
    assert await insert_if_missing(col, {"_id": "day", "posted": 0, "created": T0 + timedelta(1)}) is False
    assert await col.find_one({"_id": "day"}) == {"_id": "day", "posted": 1, "created": T0}


async def test_find_with_filter_sort_and_limit(database: Database) -> None:
    col = database.db["things"]
    for i in range(10):
        await col.insert_one({"_id": f"m{i}", "room": "lobby" if i % 2 == 0 else "other", "seq": i})
    newest = await col.find({"room": "lobby"}).sort([("seq", DESCENDING)]).limit(3).to_list(None)
    assert [d["seq"] for d in newest] == [8, 6, 4]
    oldest = await col.find({"room": "lobby"}).sort("seq", ASCENDING).limit(2).to_list(None)
    assert [d["seq"] for d in oldest] == [0, 2]
    ranged = await col.find({"seq": {"$gte": 3, "$lt": 6}}).sort([("seq", ASCENDING)]).to_list(None)
    assert [d["seq"] for d in ranged] == [3, 4, 5]
    async_iterated = [d["seq"] async for d in col.find({"room": "other"}).sort([("seq", ASCENDING)])]
    assert async_iterated == [1, 3, 5, 7, 9]


async def test_find_one_with_sort(database: Database) -> None:
    col = database.db["things"]
    for i in (3, 1, 2):
        await col.insert_one({"_id": f"m{i}", "seq": i})
    last = await col.find_one({}, sort=[("seq", DESCENDING)])
    assert last is not None and last["seq"] == 3


async def test_datetime_range_queries(database: Database) -> None:
    col = database.db["records"]
    for i in range(5):
        await col.insert_one({"_id": i, "at": T0 + timedelta(hours=i)})
    since = await col.count_documents({"at": {"$gte": T0 + timedelta(hours=2)}})
    assert since == 3


async def test_update_one_inc_set_and_upsert(database: Database) -> None:
    col = database.db["stats"]
    result = await col.update_one(
        {"_id": "2026-11-23", "kind": "daily"}, {"$inc": {"posted": 1}, "$set": {"last": T0}}, upsert=True
    )
    assert result.upserted_id == "2026-11-23"
    result = await col.update_one(
        {"_id": "2026-11-23", "kind": "daily"},
        {"$inc": {"posted": 2, "failed": 1}, "$set": {"last": T0 + timedelta(minutes=1)}},
        upsert=True,
    )
    assert result.upserted_id is None
    assert result.matched_count == 1 and result.modified_count == 1
    assert await col.find_one({"_id": "2026-11-23"}) == {
        "_id": "2026-11-23",
        "kind": "daily",
        "posted": 3,
        "failed": 1,
        "last": T0 + timedelta(minutes=1),
    }
    missing = await col.update_one({"_id": "nope"}, {"$set": {"x": 1}})
    assert missing.matched_count == 0


async def test_update_one_min_max_as_first_and_last_seen(database: Database) -> None:
    col = database.db["stats"]
    for at in (T0 + timedelta(hours=1), T0, T0 + timedelta(hours=2)):
        await col.update_one(
            {"_id": "k"}, {"$min": {"first": at}, "$max": {"last": at}, "$inc": {"n": 1}}, upsert=True
        )
    assert await col.find_one({"_id": "k"}) == {
        "_id": "k",
        "first": T0,
        "last": T0 + timedelta(hours=2),
        "n": 3,
    }


async def test_update_one_set_and_unset_a_dotted_field(database: Database) -> None:
    # reflection's stats document keeps a pending copy of a record under "pending.<id>" (a nested
    # document with a datetime), then drops it.
    col = database.db["contract_unset"]
    when = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
    await col.update_one(
        {"_id": "s"}, {"$inc": {"n": 1}, "$set": {"pending.r1": {"_id": "r1", "at": when}}}, upsert=True
    )
    doc = await col.find_one({"_id": "s"})
    assert doc is not None and doc["pending"] == {"r1": {"_id": "r1", "at": when}} and doc["n"] == 1
    await col.update_one({"_id": "s"}, {"$unset": {"pending.r1": ""}})
    doc = await col.find_one({"_id": "s"})
    assert doc is not None and not doc.get("pending") and doc["n"] == 1


async def test_find_one_and_update_is_a_conditional_claim(database: Database) -> None:
    col = database.db["limits"]
    await insert_if_missing(col, {"_id": "manual", "last": datetime(1970, 1, 1, tzinfo=UTC)})
    now = T0
    claimed = await col.find_one_and_update(
        {"_id": "manual", "last": {"$lte": now - timedelta(seconds=60)}},
        {"$set": {"last": now, "by": "Alice"}},
        return_document=ReturnDocument.AFTER,
    )
    assert claimed == {"_id": "manual", "last": now, "by": "Alice"}
    too_soon = await col.find_one_and_update(
        {"_id": "manual", "last": {"$lte": now + timedelta(seconds=30) - timedelta(seconds=60)}},
        {"$set": {"last": now + timedelta(seconds=30), "by": "Bob"}},
        return_document=ReturnDocument.AFTER,
    )
    assert too_soon is None
    before = await col.find_one_and_update(
        {"_id": "manual"}, {"$inc": {"count": 1}}, return_document=ReturnDocument.BEFORE
    )
    assert before is not None and "count" not in before


async def test_concurrent_claims_have_exactly_one_winner(database: Database) -> None:
    col = database.db["limits"]
    await insert_if_missing(col, {"_id": "slot", "last": datetime(1970, 1, 1, tzinfo=UTC)})

    async def claim(who: str) -> bool:
        doc = await col.find_one_and_update(
            {"_id": "slot", "last": {"$lt": T0}},
            {"$set": {"last": T0, "by": who}},
            return_document=ReturnDocument.AFTER,
        )
        return doc is not None

    results = await asyncio.gather(*(claim(f"c{i}") for i in range(8)))
    assert results.count(True) == 1


async def test_claims_from_two_clients_have_exactly_one_winner(opener: Opener) -> None:
    """Two clients of one store (two processes would be): the conditional update stays atomic."""
    one, two = await opener.open(), await opener.open()
    try:
        await insert_if_missing(
            one.db["limits"], {"_id": "slot", "posted": 0, "last": datetime(1970, 1, 1, tzinfo=UTC)}
        )

        async def claim(database: Database, who: str) -> bool:
            doc = await database.db["limits"].find_one_and_update(
                {"_id": "slot", "posted": {"$lt": 5}, "last": {"$lte": T0 - timedelta(minutes=30)}},
                {"$set": {"last": T0, "by": who}, "$inc": {"posted": 1}},
                return_document=ReturnDocument.AFTER,
            )
            return doc is not None

        results = await asyncio.gather(*(claim(one if i % 2 else two, f"c{i}") for i in range(16)))
        assert results.count(True) == 1  # the cooldown condition holds even with 4 posts left today
        assert (await two.db["limits"].find_one({"_id": "slot"}) or {})["posted"] == 1
    finally:
        await one.close()
        await two.close()


async def test_count_documents(database: Database) -> None:
    col = database.db["things"]
    assert await col.count_documents({}) == 0
    for i in range(4):
        await col.insert_one({"_id": i, "room": "lobby" if i < 3 else "x"})
    assert await col.count_documents({"room": "lobby"}) == 3
    assert await col.count_documents({}) == 4


async def test_create_index_is_idempotent(database: Database) -> None:
    col = database.db["things"]
    first = await col.create_index([("room", ASCENDING), ("seq", ASCENDING)])
    again = await col.create_index([("room", ASCENDING), ("seq", ASCENDING)])
    assert first == again
    await col.create_index("kind")
    await col.insert_one({"_id": 1, "room": "lobby", "seq": 1, "kind": "k"})
    assert await col.count_documents({"room": "lobby", "seq": 1}) == 1


async def test_unique_index_rejects_duplicates(database: Database) -> None:
    col = database.db["things"]
    await col.create_index([("key", ASCENDING)], unique=True)
    await col.insert_one({"key": "a"})
    with pytest.raises(DuplicateKeyError):
        await col.insert_one({"key": "a"})


async def test_delete_one_and_many(database: Database) -> None:
    col = database.db["things"]
    for i in range(5):
        await col.insert_one({"_id": i, "old": i < 3})
    assert (await col.delete_one({"_id": 4})).deleted_count == 1
    assert (await col.delete_many({"old": True})).deleted_count == 3
    assert [d["_id"] async for d in col.find({})] == [3]


async def test_data_survives_reopen(opener: Opener) -> None:
    first = await opener.open()
    await first.db["things"].insert_one({"_id": "kept", "at": T0})
    await first.db["stats"].update_one({"_id": "n"}, {"$inc": {"v": 5}}, upsert=True)
    await first.close()
    second = await opener.open()
    try:
        assert await second.db["things"].find_one({"_id": "kept"}) == {"_id": "kept", "at": T0}
        assert await second.db["stats"].find_one({"_id": "n"}) == {"_id": "n", "v": 5}
    finally:
        await second.close()


async def test_embedded_store_refuses_set_on_insert(tmp_path: Path) -> None:
    """Documents the gap (see store/database.py): use insert_if_missing or $min instead."""
    database = await open_database(None, tmp_path, "eko")
    try:
        with pytest.raises(PyMongoError):
            await database.db["stats"].update_one({"_id": "k"}, {"$setOnInsert": {"a": 1}}, upsert=True)
    finally:
        await database.close()


async def test_close_leaves_an_injected_client_open(tmp_path: Path) -> None:
    client = tinymongo.AsyncMongoClient(
        tinymongo_folder=str(tmp_path / "own"), backend="sqlite", tz_aware=True
    )
    try:
        database = await open_database("mongodb://ignored.invalid", tmp_path, "eko", client=client)
        await database.db["things"].insert_one({"_id": 1})
        await database.close()
        assert await database.ping() is False  # this handle is closed...
        assert await client["eko"]["things"].count_documents({}) == 1  # ...the client is not
    finally:
        await client.close()


async def test_close_closes_what_it_opened(tmp_path: Path) -> None:
    database = await open_database(None, tmp_path, "eko")
    await database.db["things"].insert_one({"_id": 1})
    await database.close()
    await database.close()  # idempotent
    with pytest.raises(PyMongoError):
        await database.db["things"].count_documents({})
    assert (tmp_path / "store").is_dir()


async def test_ping_reports_an_unreachable_mongodb(tmp_path: Path, free_port: int) -> None:
    database = await open_database(
        f"mongodb://127.0.0.1:{free_port}", tmp_path, "eko", server_selection_timeout_s=0.2
    )
    try:
        assert await database.ping() is False
    finally:
        await database.close()
