"""How this process's C allocator gives memory back (glibc only; elsewhere nothing changes).

glibc serves a block of 128 KiB or more with its own ``mmap``, returned to the system on ``free``;
but after the first such block is freed it raises that threshold (up to 32 MiB), so the large,
short-lived buffers that follow (ONNX Runtime's tensors for each batch, the word lists read once)
land in the heap and stay in the process's RSS after they are freed. Fixing the threshold at its
initial value turns that adaptation off: measured on `eko memory import` of 200 facts, peak RSS
335 → 292 MB, and 3,000 facts imported in about the same time (docs/memory.md, "Bounded imports:
the process itself").
"""

from __future__ import annotations

import ctypes
import logging

logger = logging.getLogger(__name__)

# glibc's malloc.h: the mallopt parameter, and its default value, that fixes the mmap threshold.
_M_MMAP_THRESHOLD = -3
_MMAP_THRESHOLD_BYTES = 128 * 1024


def return_large_blocks_promptly() -> bool:
    """Keep blocks of 128 KiB and more out of the heap for the rest of the process, so freeing one
    gives its memory back; True when the C library took the setting (glibc)."""
    try:
        # The C library this interpreter already runs on: no search for it (ctypes.util.find_library
        # runs ldconfig, 4 ms on every `eko` command).
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc (musl has no mallopt): its own policy stays
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    taken = bool(mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD_BYTES))
    if not taken:
        logger.debug("the C library kept its own mmap threshold")
    return taken
