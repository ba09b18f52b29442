"""Reference outputs of the real Hugging Face `transformers` library for Isomorph's encoder parity
test (tests/unit/test_transformers_parity.cpp). Run with the virtual environment of
packaging/setup-venv.sh (PyPI torch 2.x + transformers).

Usage: transformers_reference.py OUT_DIR

For each architecture below, transformers itself builds a small randomly initialised model
(its own initialisation, seed 0), saves it with save_pretrained (config.json + model.safetensors,
exactly as models on the hub are saved), and runs a forward pass on a padded batch:

  xlm-roberta          XLMRobertaModel, XLM-R's position offset after the padding id
  bert                 BertModel, absolute positions from 0, token types
  labse-style          BertModel with a large vocabulary (ids beyond 2^16) and LaBSE's pooling
                       ([CLS] -> the pooler's dense + tanh is what LaBSE adds; compared as the
                       last hidden state's [CLS] row, which is what Isomorph pools)
  multilingual-minilm  BertModel with XLM-R's id layout (pad 1, <s> 0, </s> 2), as
                       paraphrase-multilingual-MiniLM-L12-v2 and multilingual-e5 are: a BERT body
                       with a SentencePiece tokenizer

OUT_DIR/NAME/model/ is the saved folder; OUT_DIR/NAME/reference.safetensors holds input_ids,
attention_mask, token_type_ids [B,T] int64, last_hidden_state [B,T,H], hidden_states [L+1,B,T,H],
mean_pooled and cls_pooled [B,H] (float32, eval mode).
"""
import os
import sys

import torch
from safetensors.torch import save_file
from transformers import BertConfig, BertModel, XLMRobertaConfig, XLMRobertaModel

ARCHITECTURES = {
    "xlm-roberta": (XLMRobertaConfig, XLMRobertaModel,
                    dict(vocab_size=250, hidden_size=48, num_hidden_layers=3, num_attention_heads=4,
                         intermediate_size=96, max_position_embeddings=66, pad_token_id=1,
                         bos_token_id=0, eos_token_id=2, type_vocab_size=1), (0, 1, 2)),
    "bert": (BertConfig, BertModel,
             dict(vocab_size=300, hidden_size=48, num_hidden_layers=3, num_attention_heads=4,
                  intermediate_size=96, max_position_embeddings=64, type_vocab_size=2,
                  pad_token_id=0), (101 % 300, 0, 102 % 300)),
    "labse-style": (BertConfig, BertModel,
                    dict(vocab_size=120000, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                         intermediate_size=64, max_position_embeddings=64, type_vocab_size=2,
                         pad_token_id=0), (101, 0, 102)),
    "multilingual-minilm": (BertConfig, BertModel,
                            dict(vocab_size=400, hidden_size=48, num_hidden_layers=3,
                                 num_attention_heads=4, intermediate_size=96,
                                 max_position_embeddings=64, type_vocab_size=2, pad_token_id=1),
                            (0, 1, 2)),
}


def batch(vocab, specials, generator):
    """Three sentences of 9, 5 and 1 tokens between the start/end ids, padded with the pad id."""
    start, pad, end = specials
    lengths = [9, 5, 1]
    width = max(lengths) + 2
    ids = torch.full((len(lengths), width), pad, dtype=torch.long)
    mask = torch.zeros((len(lengths), width), dtype=torch.long)
    for row, n in enumerate(lengths):
        body = torch.randint(3, vocab, (n,), generator=generator)
        if vocab > 70000:
            body[0] = vocab - 1  # an id beyond 2^16
        ids[row, : n + 2] = torch.cat([torch.tensor([start]), body, torch.tensor([end])])
        mask[row, : n + 2] = 1
    return ids, mask


def main():
    out_dir = sys.argv[1]
    torch.manual_seed(0)
    generator = torch.Generator().manual_seed(0)
    for name, (config_class, model_class, options, specials) in ARCHITECTURES.items():
        config = config_class(**options)
        model = model_class(config).eval()
        folder = os.path.join(out_dir, name)
        model.save_pretrained(os.path.join(folder, "model"), safe_serialization=True)
        ids, mask = batch(config.vocab_size, specials, generator)
        types = torch.zeros_like(ids)
        with torch.no_grad():
            out = model(input_ids=ids, attention_mask=mask, token_type_ids=types,
                        output_hidden_states=True)
        m = mask.unsqueeze(-1).float()
        save_file({
            "input_ids": ids, "attention_mask": mask, "token_type_ids": types,
            "last_hidden_state": out.last_hidden_state.contiguous(),
            "hidden_states": torch.stack(out.hidden_states).contiguous(),
            "mean_pooled": ((out.last_hidden_state * m).sum(1) / m.sum(1)).contiguous(),
            "cls_pooled": out.last_hidden_state[:, 0].contiguous(),
        }, os.path.join(folder, "reference.safetensors"))


if __name__ == "__main__":
    main()
