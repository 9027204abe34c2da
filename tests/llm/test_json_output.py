from __future__ import annotations

from typing import Any

import pytest

from llm.json_output import extract_json_object, schema_problems

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
