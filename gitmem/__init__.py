"""gitmem: an AI agent's memory, kept in git."""

__version__ = "0.1.0"
