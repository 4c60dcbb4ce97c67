# The bot in a slim Python image, as a non-root user, with its data on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 DATA_DIR=/data

# The map's Japanese font comes with the Python install (noto-cjk-sans-jp-regular); IPAex
# Gothic from Debian is the fallback the map renderer also looks for.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-ipaexfont-gothic \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --create-home --uid 1000 bot && mkdir -p /data && chown bot:bot /data
WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY bot ./bot
COPY rules ./rules
COPY migrations ./migrations
RUN pip install -e .
# The project's bytecode, compiled once here: with PYTHONDONTWRITEBYTECODE every start would
# otherwise compile bot/ and rules/ from source again (about 0.3 s of each start-up).
RUN python -m compileall -q bot rules migrations

USER bot
VOLUME ["/data"]
# `docker stop` sends STOPSIGNAL, then SIGKILL after its timeout (default 10 s): run with
# `--stop-timeout 30` (docker-compose.yml: stop_grace_period: 30s), above the bot's own grace
# of 20 s (bot.transports.discord.client.SHUTDOWN_GRACE).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
