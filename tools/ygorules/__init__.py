"""ygorules: a multilingual knowledge base of the Yu-Gi-Oh! TCG Battle Phase rules, and a name translator."""

__version__ = "0.1.0"
