"""Problems found in the knowledge base, and the one exception type commands raise."""
from __future__ import annotations


class Problem:
    """One problem at a place in a file: what is wrong and how to fix it.

    Problems sort and compare by place, message, fix and severity (not by code). A plain class
    rather than a dataclass: every command imports this module, and dataclasses costs a cold start
    more than the rest of it.
    """

    __slots__ = ("path", "line", "col", "message", "fix", "severity", "code")

    def __init__(self, path: str, line: int, col: int, message: str, fix: str = "",
                 severity: str = "error", code: str = ""):
        for name, value in zip(self.__slots__, (path, line, col, message, fix, severity, code)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a Problem cannot be changed; use with_severity()")

    def _key(self) -> tuple:
        return (self.path, self.line, self.col, self.message, self.fix, self.severity)

    def __eq__(self, other):
        return self._key() == other._key() if isinstance(other, Problem) else NotImplemented

    def __lt__(self, other):
        return self._key() < other._key() if isinstance(other, Problem) else NotImplemented

    def __le__(self, other):
        return self._key() <= other._key() if isinstance(other, Problem) else NotImplemented

    def __gt__(self, other):
        return self._key() > other._key() if isinstance(other, Problem) else NotImplemented

    def __ge__(self, other):
        return self._key() >= other._key() if isinstance(other, Problem) else NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f"Problem(path={self.path!r}, line={self.line!r}, col={self.col!r}, message={self.message!r}, "
                f"fix={self.fix!r}, severity={self.severity!r}, code={self.code!r})")

    def with_severity(self, severity: str) -> "Problem":
        """The same problem at another severity (``check --strict-terms`` makes warnings errors)."""
        return Problem(self.path, self.line, self.col, self.message, self.fix, severity, self.code)

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
