"""Reports only over regular files (issue 31): a report is written beside its path and renamed
over it, which over /dev/null (as root) or a FIFO would replace the device itself. A target
that exists and is not a regular file is refused before anything runs (exit 4, naming it)."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from gradcli.app.files import ReportPathError, write_atomically

OK = "import torch\nx = torch.tensor(2.0, requires_grad=True)\n(x * x).backward()\n"


def gradcli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def commands(script: Path, target: Path) -> dict[str, list[str]]:
    return {"check --junit": ["check", str(script), "--junit", str(target)],
            "run --html": ["run", str(script), "--html", str(target)],
            "graph --svg": ["graph", str(script), "--svg", str(target)]}


def refused_everywhere(tmp_path: Path, target: Path, kind: str) -> None:
    script = tmp_path / "ok.py"
    script.write_text(OK)
    before = os.stat(target)
    for name, args in commands(script, target).items():
        proc = gradcli(*args)
        assert proc.returncode == 4, (name, proc.stderr)
        assert f"{target}: it is {kind}" in proc.stderr, (name, proc.stderr)
        assert "Traceback" not in proc.stderr
    after = os.stat(target)
    assert (after.st_mode, after.st_ino, after.st_rdev) == \
        (before.st_mode, before.st_ino, before.st_rdev)  # the very same file, left alone
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["ok.py", target.name])


def test_a_fifo_is_never_replaced(tmp_path):
    fifo = tmp_path / "report.xml"
    os.mkfifo(fifo)
    refused_everywhere(tmp_path, fifo, "a FIFO")


def test_a_device_is_never_replaced(tmp_path):
    """As `--junit /dev/null` run as root, on a device of the test's own."""
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("mknod needs root")
    refused_everywhere(tmp_path, device, "a device")


def test_a_link_to_a_device_is_refused_too(tmp_path):
    link = tmp_path / "report.html"
    link.symlink_to("/dev/null")
    refused_everywhere(tmp_path, link, "a device")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_regular_file_or_a_new_path_is_written_whole(tmp_path):
    old, new = tmp_path / "old.xml", tmp_path / "new" / "new.xml"
    old.write_text("before")
    new.parent.mkdir()
    for path in (old, new):
        write_atomically(path, b"after")
        assert path.read_bytes() == b"after"


def test_writing_refuses_a_special_file_that_appeared_since_the_check(tmp_path):
    fifo = tmp_path / "report.xml"
    os.mkfifo(fifo)
    with pytest.raises(ReportPathError, match="it is a FIFO"):
        write_atomically(fifo, b"report")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["report.xml"]  # no temporary file left
