"""fakesnow's Snowflake-protocol server with a JSON result front and a login check, for tests.

fakesnow answers SELECT results as Arrow only (`rowsetBase64`), which is what the Python connector
asks for; the Node.js connector reads the JSON `rowset` only. This front runs fakesnow's own ASGI
app in process and rewrites each Arrow result into the JSON rowset Snowflake sends to JSON clients
(every value a string, as the connectors expect). fakesnow accepts every login; the front refuses
a wrong password or key with Snowflake's own error codes when told what to accept:

  FAKESNOW_PEER_PASSWORD    the one password accepted (password logins)
  FAKESNOW_PEER_PUBLIC_KEY  PEM public key whose private key must sign SNOWFLAKE_JWT logins

Without either, every login of that kind is refused. fakesnow cannot stop a running statement;
the front answers every cancel (`/queries/<id>/abort-request`) and counts them, so a test can see
that a client asked: GET /_peer/abort-requests -> {"count": N}.

A statement holding the comment `/* peer:wait n */` is answered n seconds later (the comment is
taken out before fakesnow runs it). A test of deadlines and cancels then waits on a clock, not on a
query heavy enough to outlast a fast machine (a CPU-bound one finished inside a 1.5 s deadline on
one), and the peer spends no CPU meanwhile. Snowflake's own `SYSTEM$WAIT` cannot serve: the
adapter refuses every `SYSTEM$` function.

Usage: python fakesnow_json_front.py --port N
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import datetime
import gzip
import json
import os
import re
from decimal import Decimal
from typing import Any

import jwt
import pyarrow as pa
import uvicorn

from fakesnow.server import app as fakesnow_app

EPOCH = datetime.date(1970, 1, 1)
# Snowflake's answers to a refused login (the connectors read `code`).
WRONG_PASSWORD = ("390100", "Incorrect username or password was specified.")
INVALID_JWT = ("390144", "JWT token is invalid.")
ABORT_PATH = re.compile(r"^/queries/[^/]+/abort-request$")
PEER_WAIT = re.compile(r"/\*\s*peer:wait\s+(\d+(?:\.\d+)?)\s*\*/")


def _scaled(units: int, scale: int) -> str:
    """`units` of 10^-scale as Snowflake's JSON writes a fixed-point value: `-4.877000000`."""
    return format(Decimal(units).scaleb(-scale), "f")


def _epoch_units(value: dict[str, int]) -> int:
    return value["epoch"] * 1_000_000_000 + value["fraction"]


def _json_cell(value: Any, column: dict[str, Any]) -> str | None:
    if value is None:
        return None
    kind = column["type"]
    scale = column.get("scale") or 0
    if kind == "fixed":
        if isinstance(value, Decimal):
            return format(value, "f")
        return _scaled(int(value), scale) if scale else str(int(value))
    if kind == "boolean":
        return "1" if value else "0"
    if kind == "real":
        return repr(float(value))
    if kind == "date":
        return str((value - EPOCH).days)
    if kind == "time":
        return _scaled(int(value), 9)
    if kind in ("timestamp_ntz", "timestamp_ltz"):
        return _scaled(_epoch_units(value), 9)
    if kind == "timestamp_tz":
        return f"{_scaled(_epoch_units(value), 9)} {value.get('timezone', 1440)}"
    if kind == "binary":
        return bytes(value).hex().upper()
    return value if isinstance(value, str) else json.dumps(value, default=str)


def arrow_to_json_rowset(rowset_base64: str, rowtype: list[dict[str, Any]]) -> list[list[str | None]]:
    if not rowset_base64:
        return []
    table = pa.ipc.open_stream(base64.b64decode(rowset_base64)).read_all()
    columns = [table.column(i).to_pylist() for i in range(table.num_columns)]
    return [[_json_cell(cell, rowtype[i]) for i, cell in enumerate(row)] for row in zip(*columns)]


def login_refusal(body: dict[str, Any]) -> tuple[str, str] | None:
    data = body.get("data") or {}
    if data.get("AUTHENTICATOR") == "SNOWFLAKE_JWT":
        public_key = os.environ.get("FAKESNOW_PEER_PUBLIC_KEY")
        if not public_key:
            return INVALID_JWT
        try:
            # The Node.js connector writes iat/exp in milliseconds; only the signature is checked.
            jwt.decode(
                data.get("TOKEN", ""),
                public_key,
                algorithms=["RS256"],
                options={"verify_exp": False, "verify_iat": False, "verify_nbf": False},
            )
        except jwt.PyJWTError:
            return INVALID_JWT
        return None
    password = os.environ.get("FAKESNOW_PEER_PASSWORD")
    if not password or data.get("PASSWORD") != password:
        return WRONG_PASSWORD
    return None


async def played_waits(raw: bytes, gzipped: bool) -> bytes:
    """A query request's body after each `/* peer:wait n */` it holds: slept, then taken out."""
    body = json.loads(gzip.decompress(raw) if gzipped else raw)
    sql = body.get("sqlText")
    if not isinstance(sql, str) or not PEER_WAIT.search(sql):
        return raw
    await asyncio.sleep(sum(float(match.group(1)) for match in PEER_WAIT.finditer(sql)))
    body["sqlText"] = PEER_WAIT.sub(" ", sql)
    encoded = json.dumps(body).encode()
    return gzip.compress(encoded) if gzipped else encoded


async def _read_body(receive: Any) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def _send_json(send: Any, payload: dict[str, Any], status: int = 200) -> None:
    body = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class SnowflakeJsonFront:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.abort_requests = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and ABORT_PATH.match(scope["path"]):
            await _read_body(receive)
            self.abort_requests += 1
            await _send_json(send, {"data": None, "success": True})
            return
        if scope["type"] == "http" and scope["path"] == "/_peer/abort-requests":
            await _send_json(send, {"count": self.abort_requests})
            return
        if scope["type"] != "http" or scope["path"] not in (
            "/session/v1/login-request",
            "/queries/v1/query-request",
        ):
            await self.app(scope, receive, send)
            return
        raw = await _read_body(receive)
        gzipped = dict(scope["headers"]).get(b"content-encoding") == b"gzip"
        if scope["path"] == "/queries/v1/query-request":
            raw = await played_waits(raw, gzipped)
        replayed = False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if replayed:
                return {"type": "http.disconnect"}
            replayed = True
            return {"type": "http.request", "body": raw, "more_body": False}

        if scope["path"] == "/session/v1/login-request":
            refusal = login_refusal(json.loads(gzip.decompress(raw) if gzipped else raw))
            if refusal is not None:
                code, message = refusal
                await _send_json(
                    send,
                    {"data": {"nextAction": "RETRY_LOGIN"}, "code": code, "message": message, "success": False},
                )
                return
            await self.app(scope, replay, send)
            return

        start: dict[str, Any] = {}
        parts: list[bytes] = []

        async def capture(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            else:
                parts.append(message.get("body", b""))

        await self.app(scope, replay, capture)
        payload = json.loads(b"".join(parts) or b"{}")
        data = payload.get("data")
        if isinstance(data, dict) and data.get("queryResultFormat") == "arrow":
            data["rowset"] = arrow_to_json_rowset(data.pop("rowsetBase64", ""), data.get("rowtype") or [])
            data["queryResultFormat"] = "json"
            data["returned"] = len(data["rowset"])
            # Result version 1: a TIMESTAMP_TZ value is "<seconds.fraction> <zone index>".
            data["version"] = 1
        await _send_json(send, payload, start.get("status", 200))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    uvicorn.run(SnowflakeJsonFront(fakesnow_app), host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
