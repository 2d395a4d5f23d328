"""`gradcli check`'s report: a summary table, a JSON object, and JUnit XML as pytest writes it."""
from __future__ import annotations

import datetime
import re
import socket
from collections import Counter
from typing import TYPE_CHECKING, Any

from gradcli.events.events import ErrorEvent, InvalidEvent, SessionResult
from gradcli.events.results import ScriptRun
from gradcli.report.render_plain import check_line, problem_lines
from gradcli.report.text import location, shorten

if TYPE_CHECKING:
    from rich.console import Console

PROBLEM_WIDTH = 70  # the table's problem column; JSON and JUnit have the whole text
STATUS_STYLES = {"ok": "green", "mismatch": "red", "assertion": "red", "error": "red",
                 "invalid": "yellow"}
FAILURES = ("mismatch", "assertion", "error")  # JUnit <failure>; invalid is an <error>
NOT_XML = re.compile("[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def problem(result: SessionResult) -> str:
    """One line on what went wrong: `line 10: RuntimeError: Trying to ...`, or ""."""
    for event in result.events:
        if isinstance(event, (ErrorEvent, InvalidEvent)):
            kind = "invalid script" if isinstance(event, InvalidEvent) else event.type
            where = f"line {event.line}: " if event.line is not None else ""
            message = f": {event.message}" if event.message else ""
            return f"{where}{kind}{message}"
    mismatches = [(e, row) for e in result.events if e.kind == "backward"
                  for row in e.grads if row.match is False]
    if mismatches:
        event, row = mismatches[0]
        return f"line {event.line}: {row.name}'s gradient disagrees with sympy"
    return ""


def details(result: SessionResult) -> str:
    """The whole story of a failed script, as `run --format plain` writes its findings."""
    lines = []
    for event in result.events:
        if isinstance(event, (ErrorEvent, InvalidEvent)):
            lines += problem_lines(result.source_name, result.source, event)
        elif event.kind == "backward":
            lines += [check_line(event, row) for row in event.grads if row.match is False]
    return "\n".join(lines)


def totals(runs: list[ScriptRun]) -> str:
    """`✗ 7 scripts · 6 ok · 1 error · 0.84 s`."""
    counts = Counter(run.result.status for run in runs)
    parts = [f"{n} {status}" for status, n in sorted(counts.items(),
                                                       key=lambda item: item[0] != "ok")]
    seconds = sum(run.seconds for run in runs)
    mark = "✓" if counts["ok"] == len(runs) else "✗"
    noun = "script" if len(runs) == 1 else "scripts"
    return " · ".join([f"{mark} {len(runs)} {noun}", *parts, f"{seconds:.2f} s"])


def print_summary(runs: list[ScriptRun], out: Console) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table()
    table.add_column("script", overflow="fold", ratio=2)  # a long path wraps, not the counts
    table.add_column("status", no_wrap=True, min_width=9)
    for column in ("backward", "checked", "✗", "time"):
        table.add_column(column, justify="right", no_wrap=True, min_width=len(column))
    table.add_column("problem", overflow="fold", ratio=3)
    for run in runs:
        s, status = run.result.summary, run.result.status
        table.add_row(run.path, Text(status, style=STATUS_STYLES[status]), str(s.backward),
                      str(s.checked), str(s.mismatches), f"{run.seconds:.2f} s",
                      shorten(problem(run.result), PROBLEM_WIDTH))
    out.print(table)
    ok = all(run.result.status == "ok" for run in runs)
    out.print(Text(totals(runs), style="green" if ok else "red"), soft_wrap=True)


def check_to_json(runs: list[ScriptRun]) -> dict[str, Any]:
    """{"status", "summary", "scripts": each the contract's session object plus seconds}."""
    from gradcli import __version__
    from gradcli.report.render_json import session_to_json

    counts = Counter(run.result.status for run in runs)
    return {
        "gradcli": __version__,
        "status": "ok" if counts["ok"] == len(runs) else "failed",
        "summary": {"scripts": len(runs), **{status: counts[status] for status in STATUS_STYLES},
                    "seconds": round(sum(run.seconds for run in runs), 6)},
        "scripts": [{**session_to_json(run.result), "path": run.path,
                     "seconds": round(run.seconds, 6)} for run in runs],
    }


# ---- JUnit XML -----------------------------------------------------------------------------


def junit_xml(runs: list[ScriptRun]) -> bytes:
    """One <testcase> per script in pytest's layout: a failing check or an error is a
    <failure>, a script rejected before running an <error>."""
    import xml.etree.ElementTree as ET

    counts = Counter(run.result.status for run in runs)
    suite = ET.Element("testsuite", {
        "name": "gradcli", "errors": str(counts["invalid"]),
        "failures": str(sum(counts[s] for s in FAILURES)), "skipped": "0",
        "tests": str(len(runs)), "time": f"{sum(run.seconds for run in runs):.3f}",
        "timestamp": datetime.datetime.now(datetime.timezone.utc).astimezone().isoformat(),
        "hostname": socket.gethostname(),
    })
    for run in runs:
        suite.append(_testcase(run))
    root = ET.Element("testsuites", {"name": "gradcli check"})
    root.append(suite)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _testcase(run: ScriptRun) -> Any:
    import xml.etree.ElementTree as ET

    case = ET.Element("testcase", {"classname": xml_safe(_classname(run.path)),
                                   "name": xml_safe(run.path), "time": f"{run.seconds:.3f}"})
    status = run.result.status
    if status != "ok":
        tag = "error" if status == "invalid" else "failure"
        summary = problem(run.result)
        message = f"{status}: {summary}" if summary else status
        element = ET.SubElement(case, tag, {"message": xml_safe(message)})
        element.text = xml_safe(details(run.result) or location(run.result.source_name, None))
    return case


def xml_safe(text: str) -> str:
    """Characters XML 1.0 cannot hold (a script's control characters) as `#x01`, as pytest."""
    return NOT_XML.sub(lambda m: f"#x{ord(m.group()):02X}", text)


def _classname(path: str) -> str:
    """`examples/accumulate.py` -> `examples.accumulate`, as pytest names a test module."""
    if path == "-":
        return "stdin"
    parts = path.removesuffix(".py").replace("\\", "/").split("/")
    return ".".join(part for part in parts if part not in ("", ".", ".."))
