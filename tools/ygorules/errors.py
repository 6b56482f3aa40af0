"""Problems found in the knowledge base, and the one exception type commands raise."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Problem:
    """One problem at a place in a file: what is wrong and how to fix it."""

    path: str
    line: int
    col: int
    message: str
    fix: str = ""
    severity: str = "error"  # "error" or "warning"
    code: str = field(default="", compare=False)

    def format(self) -> str:
        """Render as ``path:line:col: what is wrong → how to fix it``.

        >>> Problem("kb/cards/x.yaml", 3, 5, "unknown key 'nmes'", "did you mean 'names'?").format()
        "kb/cards/x.yaml:3:5: unknown key 'nmes' → did you mean 'names'?"
        """
        level = "warning: " if self.severity == "warning" else ""
        fix = f" → {self.fix}" if self.fix else ""
        return f"{self.path}:{self.line}:{self.col}: {level}{self.message}{fix}"

    def as_dict(self) -> dict:
        """A JSON-ready mapping of the problem."""
        return {"path": self.path, "line": self.line, "col": self.col, "severity": self.severity,
                "code": self.code, "message": self.message, "fix": self.fix}


class YgoError(Exception):
    """The documented error type: bad input or usage, with problems to report; never a bug."""

    def __init__(self, message: str, problems: list[Problem] | None = None, exit_code: int = 1):
        super().__init__(message)
        self.problems = problems or []
        self.exit_code = exit_code
