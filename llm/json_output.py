"""Checking that a model's JSON answer is what was asked for.

``jsonschema`` is not a dependency, and the schemas Eko sends are small (an object with typed
properties, required keys and enums), so this checks exactly that subset: ``type``, ``required``,
``properties``, ``enum`` and array ``items``. Anything else in a schema is left to the model.
"""

from __future__ import annotations

import json
from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def extract_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object found in ``text`` (also inside prose or a ```json fence), else None."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except ValueError:
            pass
        else:
            if isinstance(value, dict):
                return value
        start = text.find("{", start + 1)
    return None


def schema_problems(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """What in ``value`` does not match ``schema`` (the subset above); empty when it matches."""
    problems: list[str] = []
    expected = schema.get("type")
    if expected is not None and not _has_type(value, expected):
        return [f"{path}: expected {expected}, got {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{path}: {value!r} is not one of {schema['enum']!r}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{path}: missing required key {key!r}")
        for key, sub_schema in schema.get("properties", {}).items():
            if key in value and isinstance(sub_schema, dict):
                problems.extend(schema_problems(value[key], sub_schema, f"{path}.{key}"))
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            problems.extend(schema_problems(item, schema["items"], f"{path}[{index}]"))
    return problems


def _has_type(value: Any, expected: str | list[str]) -> bool:
    names = [expected] if isinstance(expected, str) else expected
    for name in names:
        types = _TYPES.get(name)
        if types is None:
            return True  # an unknown type name: not ours to judge
        # bool is an int in Python, not in JSON.
        if isinstance(value, types) and not (isinstance(value, bool) and name in ("integer", "number")):
            return True
    return False
