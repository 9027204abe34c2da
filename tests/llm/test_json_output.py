from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from llm.json_output import extract_json_object, schema_of, schema_problems

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["ask", "wait"]},
        "facts": {
            "type": "array",
            "items": {"type": "object", "properties": {"about": {"type": "string"}}, "required": ["about"]},
        },
        "score": {"type": "number"},
    },
    "required": ["action"],
}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', {"a": 1}),
        ('Voici : {"a": {"b": [1, 2]}} voilà', {"a": {"b": [1, 2]}}),
        ('```json\n{"a": "}"}\n```', {"a": "}"}),
        ('{broken {"a": 1}', {"a": 1}),
        ("[1, 2]", None),
        ("{not json", None),
        ("", None),
    ],
)
def test_extract_json_object(text: str, expected: dict[str, Any] | None) -> None:
    assert extract_json_object(text) == expected


def test_schema_problems() -> None:
    assert schema_problems({"action": "ask", "facts": [{"about": "Léa"}], "score": 1}, SCHEMA) == []
    assert schema_problems({"facts": []}, SCHEMA) == ["$: missing required key 'action'"]
    assert schema_problems({"action": "dance"}, SCHEMA) == ["$.action: 'dance' is not one of ['ask', 'wait']"]
    assert schema_problems({"action": "ask", "facts": [{}]}, SCHEMA) == [
        "$.facts[0]: missing required key 'about'"
    ]
    assert schema_problems({"action": "ask", "score": True}, SCHEMA) == ["$.score: expected number, got bool"]
    assert schema_problems([], SCHEMA) == ["$: expected object, got list"]


def test_schema_problems_of_sizes_bounds_alternatives_and_constants() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "text": {"type": "string", "minLength": 1, "maxLength": 3},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2},
            "score": {"type": "number", "minimum": 0, "maximum": 1},
            "about": {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "null"}]},
            "action": {"const": "message"},
        },
    }
    good = {"text": "abc", "tags": ["a"], "score": 1, "about": None, "action": "message"}
    assert schema_problems(good, schema) == []
    assert schema_problems({**good, "about": "ab"}, schema) == []
    assert schema_problems({**good, "text": "abcd"}, schema) == ["$.text: 4 is above maxLength 3"]
    assert schema_problems({**good, "text": ""}, schema) == ["$.text: 0 is below minLength 1"]
    assert schema_problems({**good, "tags": []}, schema) == ["$.tags: 0 is below minItems 1"]
    assert schema_problems({**good, "tags": ["a"] * 3}, schema) == ["$.tags: 3 is above maxItems 2"]
    assert schema_problems({**good, "score": 1.5}, schema) == ["$.score: 1.5 is above maximum 1"]
    assert schema_problems({**good, "score": -1}, schema) == ["$.score: -1 is below minimum 0"]
    assert schema_problems({**good, "about": "abc"}, schema) == ["$.about: matches none of 2 allowed shapes"]
    assert schema_problems({**good, "about": 3}, schema) == ["$.about: matches none of 2 allowed shapes"]
    assert schema_problems({**good, "action": "pass"}, schema) == ["$.action: 'pass' is not 'message'"]


class _Item(BaseModel):
    """For developers only: not sent to the model."""

    title: str = Field(max_length=10)  # a property named like the keyword pydantic adds
    about: str | None = None


class _Answer(BaseModel):
    """For developers only: not sent to the model."""

    model_config = ConfigDict(extra="ignore")
    action: Literal["message"]
    items: list[_Item] = Field(max_length=2, description="what was learned")
    first: _Item
    note: str = ""


def test_schema_of_inlines_references_and_keeps_what_the_model_reads() -> None:
    item = {
        "type": "object",
        "properties": {
            "title": {"type": "string", "maxLength": 10},
            "about": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["title"],
    }
    assert schema_of(_Answer) == {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["message"]},
            "items": {"type": "array", "items": item, "maxItems": 2, "description": "what was learned"},
            "first": item,
            "note": {"type": "string", "default": ""},
        },
        "required": ["action", "items", "first"],
    }


def test_schema_of_gives_a_copy_of_its_own() -> None:
    schema_of(_Answer)["properties"].clear()
    assert "action" in schema_of(_Answer)["properties"]


class _Node(BaseModel):
    children: list[_Node] = []


def test_schema_of_a_recursive_model_cannot_be_inlined() -> None:
    with pytest.raises(ValueError, match="recursive"):
        schema_of(_Node)
