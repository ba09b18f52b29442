#!/usr/bin/python3
"""Independent reference for the cross-encoder score (tests/unit/test_cross_encoder.cpp).

Reads a cross-encoder checkpoint folder (config.json, model.safetensors, heads.safetensors with
the xlp.rr.* head) and scores one (query, document) pair given as token ids, in float64 with plain
python3-torch operations: the encoder forward pass of encoder_reference.py (written from the
BERT / XLM-R description, not Isomorph's code) and the head as the XLP contract states it:

  input  = <s> query </s> document </s>, token type 0 for "<s> query </s>", 1 for the rest
  score  = out_proj . tanh(dense . h_[CLS] + b_dense) + b_out

Usage: cross_encoder_reference.py CHECKPOINT BOS EOS QUERY_IDS DOCUMENT_IDS
(ids comma-separated). Prints the score with 17 significant digits. Full attention only.
"""
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from encoder_reference import forward, read_safetensors  # noqa: E402


def main():
    ckpt, bos, eos, query, document = sys.argv[1:6]
    cfg = json.load(open(os.path.join(ckpt, "config.json")))
    weights = {k: v.double() for k, v in read_safetensors(os.path.join(ckpt, "model.safetensors")).items()}
    head = {k: v.double() for k, v in read_safetensors(os.path.join(ckpt, "heads.safetensors")).items()}
    prefix = "roberta." if cfg["model_type"] == "xlm-roberta" else "bert."
    q = [int(t) for t in query.split(",") if t]
    d = [int(t) for t in document.split(",") if t]
    ids = [int(bos)] + q + [int(eos)] + d + [int(eos)]
    types = [0] * (len(q) + 2) + [1] * (len(d) + 1)
    ids_t = torch.tensor([ids])
    last, _ = forward(weights, cfg, prefix, ids_t, torch.ones_like(ids_t), torch.tensor([types]))
    cls = last[0, 0]
    h = torch.tanh(head["xlp.rr.dense.weight"] @ cls + head["xlp.rr.dense.bias"])
    score = head["xlp.rr.out_proj.weight"] @ h + head["xlp.rr.out_proj.bias"]
    print(f"{score.item():.17g}")


if __name__ == "__main__":
    main()
