"""Test session setup: caches go to a temporary folder, never to the user's ~/.cache."""
import os
import tempfile

os.environ.setdefault("YGORULES_CACHE", tempfile.mkdtemp(prefix="ygorules-test-cache-"))
