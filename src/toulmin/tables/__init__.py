"""Structured sources: tables (Markdown, CSV/TSV, HTML, aligned columns) and JSON records
read into cells with offsets (``parse``), rendered as sentences for the linker and the
checker (``render``), and claims settled against their cells, computed figures included
(``settle``). docs/guides/tables.md says what is computed and what is not."""

from .parse import TABLE_KINDS, Cell, Table, find_tables

__all__ = ["TABLE_KINDS", "Cell", "Table", "find_tables"]
