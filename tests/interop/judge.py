"""What every Python judge reports: one "PASS name" or "FAIL name" line per check (the
problems indented under it), and a last line "RESULT passed=N failed=M" that run.sh
counts; the exit status is non-zero if any check failed."""

from __future__ import annotations

import sys

passed = 0
failed = 0


def check(name: str, problems: list[str]) -> None:
    global passed, failed
    if not problems:
        passed += 1
        print(f"PASS {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL {name}", flush=True)
        for p in problems:
            print(f"     {p}", flush=True)


def finish() -> None:
    """Prints the result line and exits with the judge's status."""
    print(f"RESULT passed={passed} failed={failed}", flush=True)
    sys.exit(1 if failed else 0)
