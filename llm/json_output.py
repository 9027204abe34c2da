"""What a model's JSON answer must be, and checking that it is.

The shape of each answer has one home: the pydantic model its caller parses it with
(``reflection.window.WindowDecision``, ``bot.answer.ModelAnswer``...). :func:`schema_of` derives the
schema sent to the model from it, so the two cannot drift apart.

``jsonschema`` is not a dependency, and those schemas are small, so :func:`schema_problems` checks
exactly the subset they use: ``type``, ``required``, ``properties``, ``enum``/``const``, ``anyOf``,
array ``items``, ``minLength``/``maxLength``, ``minItems``/``maxItems`` and
``minimum``/``maximum``. Anything else in a schema is left to the model (and to the pydantic parse
that follows). Keys a schema does not name are accepted, as the models ignore them.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}
_REF_PREFIX = "#/$defs/"


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of ``model``'s answers, as sent to the model (a fresh copy each call).

    From pydantic's ``model_json_schema`` with ``$defs``/``$ref`` inlined (the adapter's own check
    and bench/day.py's fake model read no references), ``title`` dropped (pydantic derives it from
    the field name: tokens that say nothing), a model's docstring dropped (written for developers;
    what the model must know goes in ``Field(description=...)``), and a single-value ``const``
    written as the one-value ``enum`` it means.
    """
    return copy.deepcopy(_schema_of(model))


@lru_cache(maxsize=32)
def _schema_of(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema()
    return _inline(_as_field(schema), schema.get("$defs", {}), ())


def _as_field(definition: dict[str, Any]) -> dict[str, Any]:
    """A model's schema without its developer docstring (the field that uses it may describe it)."""
    return {key: value for key, value in definition.items() if key != "description"}


def _inline(node: dict[str, Any], defs: dict[str, Any], seen: tuple[str, ...]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    ref = node.get("$ref")
    if isinstance(ref, str):
        name = ref.removeprefix(_REF_PREFIX)
        if name in seen or name not in defs:
            raise ValueError(f"cannot inline {ref!r} (recursive or unknown)")
        result.update(_inline(_as_field(defs[name]), defs, (*seen, name)))
    for key, value in node.items():
        if key in ("$ref", "$defs", "title"):
            continue
        if key == "properties":
            result[key] = {name: _inline(sub, defs, seen) for name, sub in value.items()}
        elif key == "items" and isinstance(value, dict):
            result[key] = _inline(value, defs, seen)
        elif key == "anyOf":
            result[key] = [_inline(sub, defs, seen) for sub in value]
        elif key == "const":
            result["enum"] = [value]
        else:
            result[key] = value
    return result


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
    if "anyOf" in schema and all(schema_problems(value, sub, path) for sub in schema["anyOf"]):
        return [f"{path}: matches none of {len(schema['anyOf'])} allowed shapes"]
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{path}: {value!r} is not one of {schema['enum']!r}")
    if "const" in schema and value != schema["const"]:
        problems.append(f"{path}: {value!r} is not {schema['const']!r}")
    problems.extend(_bound_problems(value, schema, path))
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


def _bound_problems(value: Any, schema: dict[str, Any], path: str) -> list[str]:
    size: float
    if isinstance(value, str):
        lower, upper, size = "minLength", "maxLength", len(value)
    elif isinstance(value, list):
        lower, upper, size = "minItems", "maxItems", len(value)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        lower, upper, size = "minimum", "maximum", value
    else:
        return []
    problems: list[str] = []
    if lower in schema and size < schema[lower]:
        problems.append(f"{path}: {size!r} is below {lower} {schema[lower]!r}")
    if upper in schema and size > schema[upper]:
        problems.append(f"{path}: {size!r} is above {upper} {schema[upper]!r}")
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
