"""The derivative cache's file (check/derivcache.py), trusted only as gradcli wrote it.

A cached derivative decides a check's verdict: an entry crafted to say d(x·x)/dx = 3x would
pass a wrong gradient. So the file carries the HMAC-SHA256 of its entries' bytes, exactly as
written, under a random key of the user's own (KEY_NAME beside it: a regular file of theirs,
mode 0600, which no other user can read). The HMAC is checked on the bytes before any is
parsed; a file is opened without ever blocking and read only when it is a regular file of at
most MAX_BYTES; the entries' nesting is bounded. What fails is Untrusted: read as no cache.
"""
from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Any

KEY_NAME = "derivatives.key"
KEY_BYTES = 32
MAX_BYTES = 64 * 2**20  # ~1,000 times a training script's cache
MAX_DEPTH = 32  # a program's recipe is 4 deep
HEAD, MIDDLE, TAIL = b'{"hmac":"', b'","entries":', b"}"
MAC_CHARS = 2 * hashlib.sha256().digest_size
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


class Untrusted(Exception):
    """The file is not one gradcli wrote with this user's key (or it is damaged)."""


class NoKey(Exception):
    """No key of the user's own to sign or check with."""


def sign(entries: dict, key: bytes) -> bytes:
    """The file's bytes for `entries`: JSON, its entries signed."""
    body = json.dumps(entries, separators=(",", ":")).encode()
    return HEAD + _mac(key, body) + MIDDLE + body + TAIL


def verified(path: Path, key: bytes) -> dict:
    """The entries of the file at `path`, signed with `key` (Untrusted if not; OSError if it
    cannot be read, is not a regular file or is over MAX_BYTES)."""
    data, _ = read_regular(path, MAX_BYTES)
    start = len(HEAD) + MAC_CHARS + len(MIDDLE)
    body = data[start:-len(TAIL)]
    if not (data.startswith(HEAD) and data[start - len(MIDDLE):start] == MIDDLE
            and data.endswith(TAIL)):
        raise Untrusted("not a derivative cache gradcli wrote")
    if not hmac.compare_digest(data[len(HEAD):start - len(MIDDLE)], _mac(key, body)):
        raise Untrusted("signed with another key, or changed since")
    try:
        entries = json.loads(body)
    except (ValueError, RecursionError):
        raise Untrusted("not JSON") from None
    if not isinstance(entries, dict) or not all(
            isinstance(name, str) and isinstance(entry, list) and nested_within(entry, MAX_DEPTH)
            for name, entry in entries.items()):
        raise Untrusted("entries of another shape")
    return entries


def key(folder: Path, create: bool = False) -> bytes:
    """The user's key in `folder`, made first when `create` (NoKey where there is none, or
    where the file could be another user's or read by one)."""
    path = folder / KEY_NAME
    try:
        return _own_key(path)
    except FileNotFoundError:
        if not create:
            raise NoKey(f"no {KEY_NAME} yet") from None
    _make_key(path)
    return _own_key(path)


def read_regular(path: Path, cap: int, flags: int = 0) -> tuple[bytes, os.stat_result]:
    """The bytes of `path` and its stat: a regular file of at most `cap` bytes, opened without
    blocking (a FIFO would block open() for ever) and never read past `cap` (/dev/zero never
    ends). OSError for anything else."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        chunks = []
        while chunk := os.read(fd, cap + 1 - sum(map(len, chunks))):
            chunks.append(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > cap:
        raise OSError(errno.EFBIG, f"over {cap:,} bytes", str(path))
    return data, info


def nested_within(value: Any, depth: int) -> bool:
    """Whether `value` (JSON data) nests lists and dicts at most `depth` deep (no recursion:
    the depth is what is being checked)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            if level > depth:
                return False
            stack += [(inner, level + 1) for inner in (
                item.values() if isinstance(item, dict) else item)]
    return True


def _mac(key: bytes, body: bytes) -> bytes:
    return hmac.new(key, body, hashlib.sha256).hexdigest().encode()


def _own_key(path: Path) -> bytes:
    data, info = read_regular(path, 2 * KEY_BYTES, NO_FOLLOW)
    if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o077):
        raise NoKey(f"{path} is not the user's own, or others may read it")
    try:
        secret = bytes.fromhex(data.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise NoKey(f"{path} is not a key") from None
    if len(secret) != KEY_BYTES:
        raise NoKey(f"{path} is not a key")
    return secret


def _make_key(path: Path) -> None:
    """A new random key at `path`, whole (written aside, then linked): of two runs making one
    at once, the first to link wins and both use its key."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-key-")  # mode 0600
    try:
        try:
            os.write(handle, secrets.token_hex(KEY_BYTES).encode())
        finally:
            os.close(handle)
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(temporary)
