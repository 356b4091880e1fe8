"""Benchmarks of gitmem at scale: a repository generator and the benchmark runner."""
