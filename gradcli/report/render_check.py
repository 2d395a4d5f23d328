"""`gradcli check`'s report: a summary table, a JSON object, and JUnit XML as pytest writes it."""
from __future__ import annotations

import datetime
import re
import socket
from collections import Counter
from typing import TYPE_CHECKING, Any

from gradcli.events.events import ErrorEvent, InvalidEvent, SessionResult, unchecked_reason
from gradcli.events.results import ScriptRun
from gradcli.report.inert import inert
from gradcli.report.render_plain import check_line, problem_lines, unchecked_text
from gradcli.report.text import NARROW, location, plural, shorten

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

PROBLEM_WIDTH = 70  # the table's problem column; JSON and JUnit have the whole text
STATUS_STYLES = {"ok": "green", "mismatch": "red", "assertion": "red", "error": "red",
                 "invalid": "yellow", "unexpected": "red", "internal": "red",
                 "unchecked": "red"}  # a run's outcome -> its colour
# JUnit <failure>; invalid: <error>
FAILURES = ("mismatch", "assertion", "error", "unexpected", "internal", "unchecked")
NOT_XML = re.compile("[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def problem(run: ScriptRun) -> str:
    """One line on what went wrong: `line 10: RuntimeError: Trying to ...`, or ""; for a run
    that declared its ending, what it declared when it ended otherwise."""
    if run.expected is not None:
        if run.outcome == "ok":
            return ""
        ended = session_problem(run.result) or "it ended ok"
        return f"expected {run.expected} (line {run.expected.line}); {ended}"
    return session_problem(run.result)


def spot(run: ScriptRun) -> tuple[int | None, int | None]:
    """(line, col) of what decided the outcome: the error, the rejection, the first mismatch, or
    the `expect` line of an ending that was not the declared one."""
    if run.expected is not None and run.outcome == "unexpected":
        return run.expected.line, None
    for event in run.result.events:
        if isinstance(event, (ErrorEvent, InvalidEvent)):
            return event.line, event.col
        if event.kind == "backward" and any(row.match is False for row in event.grads):
            return event.line, None
    if run.outcome in ("internal", "unchecked"):  # (--strict, no error event: the check's)
        findings = unchecked_findings(run.result, run.outcome == "internal")
        return (findings[0][0] if findings else None), None
    return None, None


def plain_line(run: ScriptRun) -> str:
    """`path:line:col: status: message`, as ruff prints a finding; `path: ok (0.01 s)`."""
    if run.outcome == "ok":
        declared = f", as declared: {run.expected}" if run.expected else ""
        return inert(f"{run.path}: ok{declared} ({run.seconds:.2f} s)")
    message = re.sub(r"^line \d+: ", "", problem(run))
    return inert(f"{location(run.path, *spot(run))}: {run.outcome}: {message}")


def github_line(run: ScriptRun) -> str:
    """A GitHub Actions annotation (`::error file=…,line=…::message`) for a failed script."""
    line, col = spot(run)
    where = "".join(f",{key}={value}" for key, value in (("line", line), ("col", col))
                    if value is not None)
    message = re.sub(r"^line \d+: ", "", problem(run)) or run.outcome
    return (f"::error file={_escape(inert(run.path), True)}{where},title=gradcli "
            f"{run.outcome}::{_escape(inert(message), False)}")


def _escape(text: str, in_property: bool) -> str:
    """GitHub's workflow-command escaping: % CR LF always, and : , inside a property."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if in_property else text


def session_problem(result: SessionResult) -> str:
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
    status = result.status
    if status in ("internal", "unchecked"):  # --strict: what the check could not verify
        line = unchecked_findings(result, status == "internal")[0][0]
        if status == "internal":
            return f"line {line}: the check failed internally, a gradcli bug (--strict)"
        return f"line {line}: {plural(result.summary.unchecked, 'gradient row')} unchecked " \
               "(--strict)"
    return ""


def unchecked_findings(result: SessionResult, errors_only: bool = False
                       ) -> list[tuple[int, str, str]]:
    """(line, the rows' names, `unchecked: <reason>`) for each line and reason the check left
    unchecked, once however often a loop repeats it; with `errors_only`, the check's own
    internal errors alone."""
    found: dict[tuple[int, str], list[str]] = {}
    for event in result.events:
        for row in getattr(event, "grads", ()):
            why = unchecked_reason(row)
            if why and (why == "internal-error" or not errors_only):
                names = found.setdefault((event.line, unchecked_text(row)), [])
                if row.name not in names:
                    names.append(row.name)
    return [(line, ", ".join(names), text) for (line, text), names in found.items()]


def unchecked_lines(run: ScriptRun) -> list[str]:
    """`path:4: unchecked: x: internal error in the check (...)`, one per finding."""
    return [f"{location(run.path, line)}: unchecked: {names}: "
            f"{text.removeprefix('unchecked: ')}"
            for line, names, text in unchecked_findings(run.result)]


def github_warnings(run: ScriptRun) -> list[str]:
    """A `::warning` annotation for each unchecked finding."""
    return [f"::warning file={_escape(run.path, True)},line={line},title=gradcli unchecked::"
            f"{_escape(f'{names}: {text}', False)}"
            for line, names, text in unchecked_findings(run.result)]


def details(result: SessionResult) -> str:
    """The whole story of a failed script, as `run --format plain` writes its findings."""
    lines = []
    for event in result.events:
        if isinstance(event, (ErrorEvent, InvalidEvent)):
            lines += problem_lines(result.source_name, result.source, event)
        elif event.kind == "backward":
            lines += [check_line(event, row) for row in event.grads
                      if row.match is False or unchecked_reason(row)]
    return inert("\n".join(lines))


def totals(runs: list[ScriptRun]) -> str:
    """`✗ 7 scripts · 6 ok · 1 error · 0.84 s`."""
    counts = Counter(run.outcome for run in runs)
    parts = [f"{n} {status}" for status, n in sorted(counts.items(),
                                                       key=lambda item: item[0] != "ok")]
    seconds = sum(run.seconds for run in runs)
    mark = "✓" if counts["ok"] == len(runs) else "✗"
    noun = "script" if len(runs) == 1 else "scripts"
    return " · ".join([f"{mark} {len(runs)} {noun}", *parts, f"{seconds:.2f} s"])


def print_summary(runs: list[ScriptRun], out: Console) -> None:
    """A table of the scripts, or a line each below NARROW columns; the totals under it."""
    from rich.text import Text

    from gradcli.report.render_table import fit

    if out.width < NARROW:  # a table's script column would be squeezed to nothing
        for run in runs:
            fit(out, Text(summary_line(run)))
    else:
        out.print(summary_table(runs))
    ok = all(run.outcome == "ok" for run in runs)
    fit(out, Text(totals(runs), style="green" if ok else "red"))


def summary_line(run: ScriptRun) -> str:
    """`examples/vector.py: ok · 1 backward · 1 checked · 0 ✗ · 0.28 s`, and the problem."""
    s = run.result.summary
    parts = [f"{run.path}: {run.outcome}", f"{s.backward} backward", f"{s.checked} checked",
             f"{s.unchecked} unchecked" if s.unchecked else "", f"{s.mismatches} ✗",
             f"{run.seconds:.2f} s", problem(run)]
    return inert(" · ".join(part for part in parts if part))


PATH_WIDTH = 40


def summary_table(runs: list[ScriptRun]) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table()
    # a path wraps only past PATH_WIDTH, so a longer time (a busy machine's) never wraps it
    longest = max((len(run.path) for run in runs), default=0)
    table.add_column("script", overflow="fold", ratio=2, min_width=min(longest, PATH_WIDTH))
    table.add_column("status", no_wrap=True, min_width=9)
    # (an unchecked column only when some script has unchecked rows: narrow tables stay wide
    # enough for the paths)
    unchecked = any(run.result.summary.unchecked for run in runs)
    for column in ("backward", "checked", *(["unchecked"] if unchecked else []), "✗"):
        table.add_column(column, justify="right", no_wrap=True, min_width=len(column))
    table.add_column("time", justify="right", no_wrap=True, min_width=9)  # up to 999.99 s
    table.add_column("problem", overflow="fold", ratio=3)
    for run in runs:
        s, status = run.result.summary, run.outcome
        numbers = [s.backward, s.checked, *([s.unchecked] if unchecked else []), s.mismatches]
        table.add_row(Text(inert(run.path)), Text(status, style=STATUS_STYLES[status]),
                      *map(str, numbers), f"{run.seconds:.2f} s",
                      Text(inert(shorten(problem(run), PROBLEM_WIDTH))))
    return table


def check_to_json(runs: list[ScriptRun]) -> dict[str, Any]:
    """{"status", "summary", "scripts": each the contract's session object plus seconds}."""
    from gradcli import __version__
    from gradcli.report.render_json import session_to_json

    counts = Counter(run.outcome for run in runs)
    return {
        "gradcli": __version__,
        "status": "ok" if counts["ok"] == len(runs) else "failed",
        "summary": {"scripts": len(runs), **{status: counts[status] for status in STATUS_STYLES},
                    "seconds": round(sum(run.seconds for run in runs), 6)},
        "scripts": [{**session_to_json(run.result), "path": run.path, "outcome": run.outcome,
                     "expected": str(run.expected) if run.expected else None,
                     "seconds": round(run.seconds, 6)} for run in runs],
    }


# ---- JUnit XML -----------------------------------------------------------------------------


def junit_xml(runs: list[ScriptRun]) -> bytes:
    """One <testcase> per script in pytest's layout: a failing check or an error is a
    <failure>, a script rejected before running an <error>."""
    import xml.etree.ElementTree as ET

    counts = Counter(run.outcome for run in runs)
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

    case = ET.Element("testcase", {"classname": xml_safe(inert(_classname(run.path))),
                                   "name": xml_safe(inert(run.path)), "time": f"{run.seconds:.3f}"})
    findings = unchecked_lines(run)
    if findings:  # (said on a passing test too: nothing unchecked in silence)
        properties = ET.SubElement(case, "properties")
        ET.SubElement(properties, "property", {"name": "gradcli.unchecked",
                                               "value": str(run.result.summary.unchecked)})
    status = run.outcome
    if status != "ok":
        tag = "error" if status == "invalid" else "failure"
        summary = problem(run)
        message = f"{status}: {summary}" if summary else status
        element = ET.SubElement(case, tag, {"message": xml_safe(inert(message))})
        element.text = xml_safe(inert(details(run.result) or
                                      location(run.result.source_name, None)))
    if findings:
        ET.SubElement(case, "system-out").text = xml_safe(inert("\n".join(findings)))
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
