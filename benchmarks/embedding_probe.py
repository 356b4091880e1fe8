"""Would a local sentence embedding help the duplicate detector? Measured here, not shipped.

    python benchmarks/embedding_probe.py --model PATH --split dev     # choose --cosine here
    python benchmarks/embedding_probe.py --model PATH --split test --cosine 0.86

PATH is a sentence-transformers model folder of the BERT family saved as safetensors
(config.json, tokenizer.json, model.safetensors), for example all-MiniLM-L6-v2 as a Hugging
Face cache or a PyPI package ships it. Needs numpy, nothing else: the model runs here with
numpy alone (WordPiece from tokenizer.json, the BERT encoder, mean pooling), offline.

The combination measured: a pair that gitmem's detector leaves unflagged, that is not a
contradiction and whose texts differ by no meaning-changing token (number, polarity, exclusive
value, ...), counts as a duplicate when the two embeddings' cosine reaches --cosine. Printed:
duplicate precision/recall/F1 of the detector alone and combined (scoring convention of
../shared/eval/README.md), and the embedding's cost per sentence.
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.eval_pairs import score_line, scores
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.duplicates import duplicate_signals
from gitmem.consistency.features import features
from gitmem.consistency.lexicon import default_lexicon
from gitmem.model import Claim

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
_HARMLESS = ("", "synonyms", "function words")


class Encoder:
    """A BERT sentence encoder (mean pooling, unit length) run with numpy."""

    def __init__(self, folder: Path) -> None:
        import numpy as np

        self.np = np
        config = json.loads((folder / "config.json").read_text())
        self.layers, self.heads = config["num_hidden_layers"], config["num_attention_heads"]
        self.eps = config["layer_norm_eps"]
        self.vocab: dict[str, int] = json.loads((folder / "tokenizer.json").read_text())["model"]["vocab"]
        self.weights = self._safetensors(folder / "model.safetensors")

    def _safetensors(self, file: Path) -> dict[str, Any]:
        data = file.read_bytes()
        (size,) = struct.unpack("<Q", data[:8])
        header = json.loads(data[8 : 8 + size])
        body = memoryview(data)[8 + size :]
        out = {}
        for name, info in header.items():
            if name == "__metadata__" or info["dtype"] != "F32":
                continue  # position ids (I64) are not needed
            start, end = info["data_offsets"]
            array = self.np.frombuffer(body[start:end], dtype=self.np.float32)
            out[name.removeprefix("bert.")] = array.reshape(info["shape"])
        return out

    def tokens(self, text: str) -> list[int]:
        """BERT's uncased tokenisation: clean, lower, strip accents, split on punctuation,
        WordPiece; [CLS] ... [SEP], at most 128 ids."""
        kept = []
        for char in text:
            category = unicodedata.category(char)
            if char in "\t\n\r" or category == "Zs":
                kept.append(" ")
            elif not category.startswith("C") and char != "\ufffd":
                kept.append(char)
        folded = unicodedata.normalize("NFD", "".join(kept).lower())
        folded = "".join(c for c in folded if unicodedata.category(c) != "Mn")
        words: list[str] = []
        for chunk in folded.split():
            current = ""
            for char in chunk:
                if _punctuation(char):
                    words += [current, char] if current else [char]
                    current = ""
                else:
                    current += char
            if current:
                words.append(current)
        ids = [self.vocab["[CLS]"]]
        for word in words:
            ids += self._wordpiece(word)
        return ids[:127] + [self.vocab["[SEP]"]]

    def _wordpiece(self, word: str) -> list[int]:
        if len(word) > 100:
            return [self.vocab["[UNK]"]]
        pieces, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    pieces.append(self.vocab[piece])
                    break
                end -= 1
            else:
                return [self.vocab["[UNK]"]]
            start = end
        return pieces

    def embed(self, text: str) -> Any:
        np, w = self.np, self.weights
        ids = self.tokens(text)
        n = len(ids)
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._norm(x, "embeddings.LayerNorm")
        size = x.shape[1] // self.heads
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."
            q, k, v = (self._linear(x, p + f"attention.self.{name}")
                       .reshape(n, self.heads, size).transpose(1, 0, 2)
                       for name in ("query", "key", "value"))
            scores = q @ k.transpose(0, 2, 1) / math.sqrt(size)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(1, 0, 2).reshape(n, self.heads * size)
            x = self._norm(x + self._linear(context, p + "attention.output.dense"),
                           p + "attention.output.LayerNorm")
            hidden = self._linear(x, p + "intermediate.dense")
            hidden = 0.5 * hidden * (1 + _erf(np, hidden / math.sqrt(2)))  # exact GELU
            x = self._norm(x + self._linear(hidden, p + "output.dense"), p + "output.LayerNorm")
        mean = x.mean(0)
        return mean / np.linalg.norm(mean)

    def _norm(self, x: Any, name: str) -> Any:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / self.np.sqrt(var + self.eps) * self.weights[name + ".weight"] \
            + self.weights[name + ".bias"]

    def _linear(self, x: Any, name: str) -> Any:
        return x @ self.weights[name + ".weight"].T + self.weights[name + ".bias"]


def _punctuation(char: str) -> bool:
    code = ord(char)
    return (33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126
            or unicodedata.category(char).startswith("P"))


def _erf(np: Any, x: Any) -> Any:
    """Abramowitz & Stegun 7.1.26 (error below 1.5e-7): numpy has no erf."""
    sign, a = np.sign(x), np.abs(x)
    t = 1 / (1 + 0.3275911 * a)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t
            + 0.254829592) * t
    return sign * (1 - poly * np.exp(-a * a))


def judge(rows: list[dict[str, str]], encoder: Encoder) -> list[dict[str, Any]]:
    lexicon = default_lexicon()
    out = []
    for row in rows:
        claims = [Claim("memory/a.md", 1, row["a"]), Claim("memory/b.md", 1, row["b"])]
        kinds = {f.kind for f in find_pairs(claims, lexicon=lexicon)}
        signals = duplicate_signals(features(row["a"], lexicon), features(row["b"], lexicon),
                                    lexicon)
        out.append({"label": row["label"], "duplicate": "duplicate" in kinds,
                    "contradiction": "contradiction" in kinds,
                    "harmless": signals.get("differs_by", "") in _HARMLESS,
                    "cosine": float(encoder.embed(row["a"]) @ encoder.embed(row["b"]))})
    return out


def duplicate_scores(judged: list[dict[str, Any]], cosine: float | None) -> str:
    """Duplicate P/R/F1 of the detector, with the embedding's verdict added when `cosine`."""
    def said(pair: dict[str, Any]) -> bool:
        return pair["duplicate"] or (cosine is not None and not pair["contradiction"]
                                     and pair["harmless"] and pair["cosine"] >= cosine)

    return score_line("duplicate", scores(
        (said(pair), pair["label"] == "duplicate") for pair in judged
        if pair["label"] != "entailment"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, required=True, help="sentence-transformers folder")
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--cosine", type=float, action="append",
                        help="threshold(s) to report; default a sweep (choose on dev)")
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args(argv)
    file = args.shared / "eval" / f"pairs-{args.split}.jsonl"
    rows = [json.loads(line) for line in file.read_text().splitlines() if line.strip()]
    encoder = Encoder(args.model)
    start = time.perf_counter()
    judged = judge(rows, encoder)
    seconds = time.perf_counter() - start
    print(f"split={args.split} pairs={len(rows)}; {1000 * seconds / (2 * len(rows)):.1f} ms "
          f"per sentence (the detector included)")
    print(f"detector alone\n{duplicate_scores(judged, None)}")
    for cosine in args.cosine or [0.80, 0.82, 0.84, 0.86, 0.88, 0.90]:
        print(f"+ embedding, cosine >= {cosine:.2f}\n{duplicate_scores(judged, cosine)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
