"""Run the command line with ``python -m ygorules``."""
import sys

from .cli import main

sys.exit(main())
