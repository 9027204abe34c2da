"""How Eko's HTTP server reports a client's malformed request: one warning line, not a traceback.

aiohttp logs a request it cannot parse (a request line or header over 8,190 bytes, a broken header)
with ``logger.exception``: a traceback at ERROR for what is the client's mistake, answered 400 all
the same. The server gets this logger instead of aiohttp's (per server, no global change); every
other record goes where aiohttp's own would.
"""

from __future__ import annotations

import logging
from typing import Any

from aiohttp.http_exceptions import HttpProcessingError


class ClientErrorLog(logging.Logger):
    """``base``'s records, with a client's malformed request downgraded to one warning line."""

    def __init__(self, base: logging.Logger) -> None:
        super().__init__(base.name)
        self.parent = base  # handlers, level and propagation: those of aiohttp's logger

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kwargs: Any) -> None:
        if isinstance(exc_info, HttpProcessingError):
            self.warning(
                "malformed HTTP request refused",
                extra={"status": exc_info.code, "reason": str(exc_info.message)[:200]},
            )
            return
        super().exception(msg, *args, exc_info=exc_info, **kwargs)
