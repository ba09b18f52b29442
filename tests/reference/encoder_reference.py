#!/usr/bin/python3
"""Independent reference for the encoder parity test.

Writes a tiny random checkpoint in the Hugging Face layout (config.json + model.safetensors, keys
with the "roberta."/"bert." prefix that *ForMaskedLM models save) and the expected outputs of a
forward pass computed here, with plain python3-torch tensor operations written from the BERT /
XLM-R architecture description (not torch.nn.Transformer*, and not Isomorph's code):

  embeddings = LayerNorm(word[ids] + position[pos] + token_type[0])
     XLM-R: pos = cumsum(ids != pad) * (ids != pad) + pad;   BERT: pos = 0, 1, 2, ...
  per layer (post-LN):  a = LayerNorm(x + Wo . MHA(x));  x = LayerNorm(a + W2 . gelu(W1 . a))
  attention: softmax(QK^T / sqrt(d) + (1 - mask) * float32_min) V

Usage: encoder_reference.py OUT_DIR {xlm-roberta|bert}
OUT_DIR/model/{config.json,model.safetensors} and OUT_DIR/reference.safetensors (input_ids,
attention_mask, token_type_ids, last_hidden_state [B,T,H], hidden_states [L+1,B,T,H]).
"""
import json
import math
import os
import struct
import sys

import torch

DTYPES = {torch.float32: "F32", torch.int64: "I64"}


def write_safetensors(path, tensors, metadata=None):
    header, offset, blobs = {}, 0, []
    for name in sorted(tensors):
        t = tensors[name].contiguous()
        data = t.numpy().tobytes()
        header[name] = {"dtype": DTYPES[t.dtype], "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
        blobs.append(data)
    if metadata:
        header["__metadata__"] = metadata
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        for b in blobs:
            f.write(b)


def read_safetensors(path):
    """float32 tensors of a safetensors file (the reader the benchmarks share)."""
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        b, e = info["data_offsets"]
        out[name] = torch.frombuffer(bytearray(data[b:e]), dtype=torch.float32).reshape(info["shape"])
    return out


def layer_norm(x, w, b, eps):
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)
    return (x - mean) / torch.sqrt(var + eps) * w + b


def gelu(x):
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def forward(p, cfg, prefix, ids, mask, types):
    pad, eps = cfg["pad_token_id"], cfg["layer_norm_eps"]
    heads, hidden = cfg["num_attention_heads"], cfg["hidden_size"]
    if cfg["model_type"] == "xlm-roberta":
        keep = (ids != pad).long()
        pos = torch.cumsum(keep, 1) * keep + pad
    else:
        pos = torch.arange(ids.shape[1]).unsqueeze(0).expand_as(ids)
    g = lambda n: p[prefix + n]
    x = g("embeddings.word_embeddings.weight")[ids] + g("embeddings.position_embeddings.weight")[pos] \
        + g("embeddings.token_type_embeddings.weight")[types]
    x = layer_norm(x, g("embeddings.LayerNorm.weight"), g("embeddings.LayerNorm.bias"), eps)
    states = [x]
    bsz, seq = ids.shape
    d = hidden // heads
    add = (1.0 - mask.float())[:, None, None, :] * torch.finfo(torch.float32).min
    for i in range(cfg["num_hidden_layers"]):
        L = lambda n: g(f"encoder.layer.{i}.{n}")
        lin = lambda y, n: y @ L(n + ".weight").t() + L(n + ".bias")
        split = lambda y: y.view(bsz, seq, heads, d).transpose(1, 2)
        q, k, v = (split(lin(x, "attention.self." + n)) for n in ("query", "key", "value"))
        probs = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d) + add, -1)
        ctx = (probs @ v).transpose(1, 2).reshape(bsz, seq, hidden)
        a = layer_norm(x + lin(ctx, "attention.output.dense"),
                       L("attention.output.LayerNorm.weight"), L("attention.output.LayerNorm.bias"), eps)
        h = gelu(lin(a, "intermediate.dense"))
        x = layer_norm(a + lin(h, "output.dense"), L("output.LayerNorm.weight"), L("output.LayerNorm.bias"), eps)
        states.append(x)
    return x, torch.stack(states)


def main():
    out, kind = sys.argv[1], sys.argv[2]
    torch.manual_seed(1234 if kind == "xlm-roberta" else 4321)
    xlmr = kind == "xlm-roberta"
    cfg = {"model_type": kind, "architectures": ["XLMRobertaForMaskedLM" if xlmr else "BertForMaskedLM"],
           "vocab_size": 97, "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
           "intermediate_size": 48, "max_position_embeddings": 40 if xlmr else 38,
           "type_vocab_size": 1 if xlmr else 2, "layer_norm_eps": 1e-5 if xlmr else 1e-12,
           "hidden_act": "gelu", "hidden_dropout_prob": 0.1, "attention_probs_dropout_prob": 0.1,
           "pad_token_id": 1 if xlmr else 0, "position_embedding_type": "absolute"}
    prefix = "roberta." if xlmr else "bert."
    H, I = cfg["hidden_size"], cfg["intermediate_size"]
    shapes = {"embeddings.word_embeddings.weight": (cfg["vocab_size"], H),
              "embeddings.position_embeddings.weight": (cfg["max_position_embeddings"], H),
              "embeddings.token_type_embeddings.weight": (cfg["type_vocab_size"], H),
              "embeddings.LayerNorm.weight": (H,), "embeddings.LayerNorm.bias": (H,)}
    for i in range(cfg["num_hidden_layers"]):
        for n in ("query", "key", "value"):
            shapes[f"encoder.layer.{i}.attention.self.{n}.weight"] = (H, H)
            shapes[f"encoder.layer.{i}.attention.self.{n}.bias"] = (H,)
        shapes[f"encoder.layer.{i}.attention.output.dense.weight"] = (H, H)
        shapes[f"encoder.layer.{i}.attention.output.dense.bias"] = (H,)
        shapes[f"encoder.layer.{i}.intermediate.dense.weight"] = (I, H)
        shapes[f"encoder.layer.{i}.intermediate.dense.bias"] = (I,)
        shapes[f"encoder.layer.{i}.output.dense.weight"] = (H, I)
        shapes[f"encoder.layer.{i}.output.dense.bias"] = (H,)
        for ln in ("attention.output.LayerNorm", "output.LayerNorm"):
            shapes[f"encoder.layer.{i}.{ln}.weight"] = (H,)
            shapes[f"encoder.layer.{i}.{ln}.bias"] = (H,)
    params = {}
    for name, shape in shapes.items():
        if name.endswith("LayerNorm.weight"):
            params[prefix + name] = 1.0 + 0.1 * torch.randn(shape)
        else:
            params[prefix + name] = 0.2 * torch.randn(shape)
    # The masked-LM head is saved alongside the encoder by *ForMaskedLM models (its decoder weight
    # is the word-embedding matrix, so it is not stored): the encoder import skips it, the MLM
    # objective continues it.
    head = "lm_head." if xlmr else "cls.predictions."
    names = ({"dense": "lm_head.dense", "ln": "lm_head.layer_norm"} if xlmr else
             {"dense": "cls.predictions.transform.dense", "ln": "cls.predictions.transform.LayerNorm"})
    params[names["dense"] + ".weight"] = 0.2 * torch.randn(H, H)
    params[names["dense"] + ".bias"] = 0.2 * torch.randn(H)
    params[names["ln"] + ".weight"] = 1.0 + 0.1 * torch.randn(H)
    params[names["ln"] + ".bias"] = 0.1 * torch.randn(H)
    params[head + "bias"] = 0.2 * torch.randn(cfg["vocab_size"])

    pad = cfg["pad_token_id"]
    ids = torch.randint(4, cfg["vocab_size"], (3, 12))
    mask = torch.ones_like(ids)
    for row, length in ((1, 7), (2, 3)):
        ids[row, length:] = pad
        mask[row, length:] = 0
    types = torch.zeros_like(ids) if xlmr else (torch.arange(12) >= 6).long().expand(3, 12).contiguous()
    with torch.no_grad():
        last, states = forward(params, cfg, prefix, ids, mask, types)
        t = gelu(last @ params[names["dense"] + ".weight"].t() + params[names["dense"] + ".bias"])
        t = layer_norm(t, params[names["ln"] + ".weight"], params[names["ln"] + ".bias"], cfg["layer_norm_eps"])
        mlm_logits = t @ params[prefix + "embeddings.word_embeddings.weight"].t() + params[head + "bias"]

    os.makedirs(os.path.join(out, "model"), exist_ok=True)
    with open(os.path.join(out, "model", "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    write_safetensors(os.path.join(out, "model", "model.safetensors"), params, {"format": "pt"})
    write_safetensors(os.path.join(out, "reference.safetensors"),
                      {"input_ids": ids, "attention_mask": mask, "token_type_ids": types,
                       "last_hidden_state": last, "hidden_states": states,
                       "mlm_logits": mlm_logits})


if __name__ == "__main__":
    main()
