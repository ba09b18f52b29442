#!/usr/bin/env python3
"""Writes GGUF files of BERT / XLM-R embedding models the way llama.cpp does, for the tests of
`isomorph-cli model import FILE.gguf`; also makes tiny random models and reference vectors.

Mirrors, in its own code, with llama.cpp's `gguf` package (0.19.0) doing the writing:
  * convert_hf_to_gguf.py (now conversion/bert.py + conversion/base.py), classes BertModel and
    XLMRobertaModel: filter_tensors (drop "bert."/"roberta." prefixes, embeddings.position_ids,
    pooler.dense.*, cls.predictions*, cls.seq_relationship*; gamma/beta -> weight/bias),
    modify_tensors (XLM-R: position_embeddings rows [pad_token_id+1:] only, and
    max_position_embeddings reduced by the same), TextModel.set_gguf_parameters +
    BertModel.set_gguf_parameters (+ _try_set_pooling_type from modules.json / 1_Pooling),
    ModelBase.prepare_tensors (which tensors stay F32, F16 fallback on gguf.QuantError),
    BertModel.set_vocab (get_vocab_base + the "phantom space" rewrite: "##x" -> "x", "w" ->
    "\u2581w", control tokens unchanged) and BertModel._xlmroberta_set_vocab (sentencepiece.bpe.model
    path with the "<s> <pad> </s> <unk>" realignment, or the tokenizer.json path), with
    gguf.SpecialVocab for the special ids and add_*_token flags.
  * --type q4_0: the converter writes no Q4_0; llama.cpp makes it with `llama-quantize ... Q4_0`
    (src/llama-quant.cpp). This writes what `llama-quantize --pure` makes: every 2-D ".weight"
    except position_embd / token_types / *_norm as Q4_0 (gguf.quants), general.file_type 2.
    Without --pure llama-quantize makes token_embd.weight Q6_K (Q8_0 if its row is not a
    multiple of the block size), as it treats token_embd as the output tensor of a model without
    output.weight (llama_tensor_get_type).
  * tokenizer.ggml.pre of a WordPiece vocab: get_vocab_base_pre names the vocabulary by a hash
    of how it tokenizes a fixed text ("bert-bge", "jina-v2-en", ...) and refuses unknown ones;
    this writes "default" (llama.cpp reads no pre-tokenizer for a "bert" vocab).

Usage (the venv's python, ~/.cache/isomorph/venv/bin/python, with gguf==0.19.0 installed):
  make_gguf.py --make-tiny-bert DIR | --make-tiny-xlmr DIR
  make_gguf.py --model DIR --out FILE.gguf --type f32|f16|q8_0|q4_0
  make_gguf.py --model DIR --vectors TEXTFILE --out-npy F.npy [--gguf FILE.gguf]
      (mean-pooled over every token, specials too; L2-normalised; with --gguf, DIR's weights
      replaced by FILE's, dequantised by gguf.quants: the model the GGUF holds)
  make_gguf.py --model DIR --st-vectors TEXTFILE --out-npy F.npy   (SentenceTransformer(DIR))
  make_gguf.py --suite DIR --text TEXTFILE | --suite-st DIR --text TEXTFILE   (test_gguf_import's
      files and reference vectors in one process; see suite() and suite_st())
  make_gguf.py --check FILE.gguf --model DIR   (reads FILE back, compares with DIR; exit 1 if off)
"""
import argparse
import io
import json
import sys
from pathlib import Path

import numpy as np
import torch

import gguf

Q = gguf.GGMLQuantizationType
FTYPES = {"f32": (gguf.LlamaFileType.ALL_F32, Q.F32), "f16": (gguf.LlamaFileType.MOSTLY_F16, Q.F16),
          "q8_0": (gguf.LlamaFileType.MOSTLY_Q8_0, Q.Q8_0), "q4_0": (gguf.LlamaFileType.MOSTLY_Q4_0, Q.Q4_0)}


def load_hparams(d):
    from transformers import AutoConfig
    return AutoConfig.from_pretrained(d).to_dict()


def is_xlmr(hp):
    return hp.get("model_type") == "xlm-roberta" or (hp.get("architectures") or [""])[0].startswith("XLMRoberta")


def pos_offset(hp):  # XLM-R positions start at padding_idx + 1; llama.cpp counts from 0
    return hp["pad_token_id"] + 1 if is_xlmr(hp) and hp.get("pad_token_id") is not None else 0


def hf_tensors(d):
    parts = sorted(Path(d).glob("model*.safetensors"))
    if parts:
        from safetensors.torch import load_file
        return {k: v for p in parts for k, v in load_file(p).items()}
    return {k: v for p in sorted(Path(d).glob("pytorch_model*.bin"))
            for k, v in torch.load(p, map_location="cpu", weights_only=True).items()}


def gguf_tensors(d, hp):
    """(gguf name, float16/float32 array in the checkpoint's row-major layout), converter order."""
    tmap = gguf.get_tensor_name_map(gguf.MODEL_ARCH.BERT, hp["num_hidden_layers"])
    for name, t in hf_tensors(d).items():
        for prefix in ("bert.", "roberta."):
            name = name[len(prefix):] if name.startswith(prefix) else name
        name = name[:-6] + ".weight" if name.endswith(".gamma") else name
        name = name[:-5] + ".bias" if name.endswith(".beta") else name
        if name in ("embeddings.position_ids", "pooler.dense.weight", "pooler.dense.bias") or \
                name.startswith(("cls.predictions", "cls.seq_relationship")) or \
                name.endswith((".attention.masked_bias", ".attention.bias", ".rotary_emb.inv_freq")):
            continue
        if t.dtype not in (torch.float16, torch.float32):
            t = t.to(torch.float32)
        if name == "embeddings.position_embeddings.weight" and pos_offset(hp):
            t = t[pos_offset(hp):, :]
        new = tmap.get_name(name, try_suffixes=(".weight", ".bias"))
        if new is None:
            raise ValueError(f"Can not map tensor {name!r}")
        yield new, t.numpy()


def target_type(name, data, qtype):
    """ModelBase.prepare_tensors' rule (llama-quantize's is the same for these tensors)."""
    if data.ndim <= 1 or name.endswith("_norm.weight"):
        return Q.F32
    if name in ("position_embd.weight", "token_types.weight") or not name.endswith(".weight"):
        return Q.F32
    if qtype not in (Q.F32, Q.F16) and data.shape[-1] % gguf.GGML_QUANT_SIZES[qtype][0] != 0:
        return Q.F16  # gguf.QuantError -> "falling back to F16"
    return qtype


def set_bert_vocab(w, d, hp):
    from transformers import AutoTokenizer
    tok = AutoTokenizer.from_pretrained(d)
    n = hp.get("vocab_size", len(tok.vocab))
    rev = {i: t for t, i in tok.vocab.items()}
    added, dec = tok.get_added_vocab(), tok.added_tokens_decoder
    tokens, types = [], []
    for i in range(n):  # TextModel.get_vocab_base
        if i not in rev:
            tokens.append(f"[PAD{i}]"); types.append(gguf.TokenType.UNUSED); continue
        t, ty = rev[i], gguf.TokenType.NORMAL
        if t in added:
            if not dec[i].normalized:
                t = tok.decode(tok.encode(t, add_special_tokens=False))
            ty = gguf.TokenType.CONTROL if dec[i].special else gguf.TokenType.USER_DEFINED
        tokens.append(t); types.append(ty)
    w.add_token_type_count(hp.get("type_vocab_size", 1))
    tokens = [t if ty == gguf.TokenType.CONTROL else t[2:] if t.startswith("##") else "\u2581" + t
              for t, ty in zip(tokens, types)]
    w.add_tokenizer_model("bert")
    w.add_tokenizer_pre("default")  # see the docstring
    w.add_token_list(tokens)
    w.add_token_types(types)
    gguf.SpecialVocab(d, n_vocab=len(tokens)).add_to_gguf(w)


def set_xlmr_vocab(w, d, hp):
    from sentencepiece import SentencePieceProcessor
    from sentencepiece import sentencepiece_model_pb2 as spm_pb2
    T = gguf.TokenType
    spm_path = Path(d) / "sentencepiece.bpe.model"
    if spm_path.is_file():
        proto = spm_pb2.ModelProto()
        proto.ParseFromString(spm_path.read_bytes())
        assert proto.trainer_spec.model_type == 1  # UNIGRAM
        add_prefix = proto.normalizer_spec.add_dummy_prefix
        remove_ws = proto.normalizer_spec.remove_extra_whitespaces
        charsmap = proto.normalizer_spec.precompiled_charsmap
        sp = SentencePieceProcessor(model_file=str(spm_path))
        n = max(hp.get("vocab_size", 0), sp.vocab_size())
        tokens = [f"[PAD{i}]".encode() for i in range(n)]
        scores, types = [-10000.0] * n, [T.UNUSED] * n
        for i in range(sp.vocab_size()):
            tokens[i], scores[i] = sp.IdToPiece(i).encode(), sp.GetScore(i)
            types[i] = (T.UNKNOWN if sp.IsUnknown(i) else T.CONTROL if sp.IsControl(i) else
                        T.UNUSED if sp.IsUnused(i) else T.BYTE if sp.IsByte(i) else T.NORMAL)
        # fairseq ids: <s>=0 <pad>=1 </s>=2 <unk>=3, piece k>=3 -> k+1; the last slot is dropped
        tokens = [b"<s>", b"<pad>", b"</s>", b"<unk>"] + tokens[3:-1]
        scores = [0.0] * 4 + scores[3:-1]
        types = [T.CONTROL, T.CONTROL, T.CONTROL, T.UNKNOWN] + types[3:-1]
    else:
        from base64 import b64decode
        from transformers import AutoTokenizer
        tok = AutoTokenizer.from_pretrained(d)
        tj = json.loads((Path(d) / "tokenizer.json").read_text(encoding="utf-8"))
        cfg_path = Path(d) / "tokenizer_config.json"
        tc = json.loads(cfg_path.read_text(encoding="utf-8")) if cfg_path.is_file() else {}
        add_prefix, remove_ws = tok.add_prefix_space, tok.clean_up_tokenization_spaces
        charsmap = b64decode(tj["normalizer"]["precompiled_charsmap"])
        n = max(hp.get("vocab_size", 0), tok.vocab_size)
        tokens = [f"[PAD{i}]".encode() for i in range(n)]
        scores, types = [-10000.0] * n, [T.UNUSED] * n
        added = tok.get_added_vocab()
        unk = added.get(tc.get("unk_token"), tj["model"].get("unk_id", 3))
        for i in range(tok.vocab_size):
            piece = tok._convert_id_to_token(i)
            if piece is None:
                continue
            tokens[i], scores[i] = piece.encode(), tj["model"]["vocab"][i][1]
            types[i] = (T.UNKNOWN if i == unk else T.CONTROL if i in tok.all_special_ids else
                        T.USER_DEFINED if i in added.values() else T.NORMAL)
    w.add_tokenizer_model("t5")
    w.add_tokenizer_pre("default")
    w.add_token_list(tokens)
    w.add_token_scores(scores)
    w.add_token_types(types)
    w.add_add_space_prefix(add_prefix)
    w.add_token_type_count(hp.get("type_vocab_size", 1))
    w.add_remove_extra_whitespaces(remove_ws)
    if charsmap:
        w.add_precompiled_charsmap(charsmap)
    gguf.SpecialVocab(d, n_vocab=len(tokens)).add_to_gguf(w)


def pooling_type(d):  # TextModel._try_set_pooling_type
    modules = Path(d) / "modules.json"
    for mod in json.loads(modules.read_text()) if modules.is_file() else []:
        if mod["type"].endswith("Pooling"):
            p, P = json.loads((Path(d) / mod["path"] / "config.json").read_text()), gguf.PoolingType
            for key, pt in (("mean_tokens", P.MEAN), ("cls_token", P.CLS), ("lasttoken", P.LAST)):
                if p.get("pooling_mode_" + key):
                    return pt
            modes = {"mean": P.MEAN, "cls": P.CLS, "lasttoken": P.LAST}
            if p.get("pooling_mode") in modes:
                return modes[p["pooling_mode"]]
            raise NotImplementedError("Only MEAN, CLS, and LAST pooling types supported")
    return None


def convert(d, out, type_name):
    hp = load_hparams(d)
    ftype, qtype = FTYPES[type_name]
    w = gguf.GGUFWriter(path=None, arch=gguf.MODEL_ARCH_NAMES[gguf.MODEL_ARCH.BERT])
    for name, data in gguf_tensors(d, hp):
        qt = target_type(name, data, qtype)
        w.add_tensor(name, gguf.quants.quantize(data, qt), raw_dtype=qt)
    w.add_type(gguf.GGUFType.MODEL)
    total = w.get_total_parameter_count()
    meta = gguf.Metadata.load(None, Path(d), None, total[0])
    meta.name = meta.name or Path(d).name
    if meta.size_label is None and total[0] > 0:
        meta.size_label = gguf.size_label(*total)
    meta.set_gguf_meta_model(w)
    w.add_block_count(hp["num_hidden_layers"])
    w.add_context_length(hp["max_position_embeddings"] - pos_offset(hp))
    w.add_embedding_length(hp["hidden_size"])
    w.add_feed_forward_length(hp["intermediate_size"])
    w.add_head_count(hp["num_attention_heads"])
    w.add_layer_norm_eps(hp["layer_norm_eps"])
    w.add_file_type(ftype)
    w.add_causal_attention(False)
    if (pt := pooling_type(d)) is not None:
        w.add_pooling_type(pt)
    w.add_quantization_version(gguf.GGML_QUANT_VERSION)
    (set_xlmr_vocab if is_xlmr(hp) else set_bert_vocab)(w, d, hp)
    w.write_header_to_file(path=Path(out))
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def check(path, d):
    """Reads a GGUF back with gguf.GGUFReader and compares it with the checkpoint in d."""
    hp, r = load_hparams(d), gguf.GGUFReader(path)
    kv = {f.name: f.contents() for f in r.fields.values()}
    qtype = {int(f): q for f, q in FTYPES.values()}[kv["general.file_type"]]
    want = {"general.architecture": "bert", "bert.block_count": hp["num_hidden_layers"],
            "bert.context_length": hp["max_position_embeddings"] - pos_offset(hp),
            "bert.embedding_length": hp["hidden_size"], "bert.feed_forward_length": hp["intermediate_size"],
            "bert.attention.head_count": hp["num_attention_heads"], "bert.attention.causal": False,
            "tokenizer.ggml.model": "t5" if is_xlmr(hp) else "bert",
            "tokenizer.ggml.token_type_count": hp.get("type_vocab_size", 1)}
    bad = [f"{k}: {kv.get(k)!r} != {v!r}" for k, v in want.items() if kv.get(k) != v]
    if abs(kv["bert.attention.layer_norm_epsilon"] - hp["layer_norm_eps"]) > 1e-6 * hp["layer_norm_eps"]:
        bad.append("layer_norm_epsilon")
    tensors, worst = {t.name: t for t in r.tensors}, {}
    expected = dict(gguf_tensors(d, hp))
    if set(tensors) != set(expected):
        bad.append(f"tensor names differ: {sorted(set(tensors) ^ set(expected))}")
    for name, ref in expected.items():
        t = tensors.get(name)
        if t is None:
            continue
        ref = ref.astype(np.float32)
        if t.tensor_type != target_type(name, ref, qtype) or list(t.shape) != list(reversed(ref.shape)):
            bad.append(f"{name}: {t.tensor_type.name} {list(t.shape)}")
            continue
        got = gguf.quants.dequantize(t.data, t.tensor_type).reshape(ref.shape)
        err, blk = np.abs(got - ref), 32 if ref.size % 32 == 0 else 1
        amax = np.abs(ref).reshape(-1, blk).max(axis=1)  # per 32 values (a Q8_0/Q4_0 block)
        ratio = float((err.reshape(-1, blk).max(axis=1) / np.maximum(amax, 1e-30)).max())
        limit = {Q.F32: 0.0, Q.F16: 2.0 ** -11, Q.Q8_0: 1 / 254 + 2.0 ** -10, Q.Q4_0: 1 / 8 + 2.0 ** -9}
        if ratio > limit[t.tensor_type]:
            bad.append(f"{name}: error/amax {ratio:.3g} over {limit[t.tensor_type]:.3g}")
        k = t.tensor_type.name
        worst[k] = max(worst.get(k, (0.0, 0.0)), (ratio, float(err.max())))
    print(f"{path}: {len(tensors)} tensors, {len(kv)} keys, data at {r.data_offset}; worst error/amax "
          + ", ".join(f"{k} {v[0]:.3g} (abs {v[1]:.3g})" for k, v in sorted(worst.items())))
    for b in bad:
        print("  MISMATCH", b)
    return not bad


def load_dequantized(model, d, hp, path):
    """Puts FILE.gguf's tensors, dequantised by gguf.quants, into `model` (loaded from d): the
    model a GGUF holds, run by transformers, for the parity of `model import FILE.gguf`."""
    r = gguf.GGUFReader(path)
    got = {t.name: gguf.quants.dequantize(t.data, t.tensor_type) for t in r.tensors}
    tmap = gguf.get_tensor_name_map(gguf.MODEL_ARCH.BERT, hp["num_hidden_layers"])
    state = model.state_dict()
    with torch.no_grad():
        for name, p in state.items():
            short = name.split(".", 1)[1] if name.startswith(("bert.", "roberta.")) else name
            new = tmap.get_name(short, try_suffixes=(".weight", ".bias"))
            if new is None or new not in got:
                continue
            v = torch.from_numpy(np.ascontiguousarray(got[new], dtype=np.float32))
            if short == "embeddings.position_embeddings.weight" and pos_offset(hp):
                p[pos_offset(hp):] = v.reshape(p[pos_offset(hp):].shape)
            else:
                p.copy_(v.reshape(p.shape))


def vectors(d, text, out, from_gguf=None):
    from transformers import AutoModel, AutoTokenizer
    hp, tok = load_hparams(d), AutoTokenizer.from_pretrained(d)
    model = AutoModel.from_pretrained(d, dtype=torch.float32).eval()
    if from_gguf:
        load_dequantized(model, d, hp, from_gguf)
    lines = Path(text).read_text(encoding="utf-8").splitlines()
    enc = tok(lines, padding=True, truncation=True, return_tensors="pt",
              max_length=hp["max_position_embeddings"] - pos_offset(hp))
    with torch.no_grad():
        h = model(**enc).last_hidden_state
    m = enc["attention_mask"].unsqueeze(-1).to(h.dtype)
    v = torch.nn.functional.normalize((h * m).sum(1) / m.sum(1), dim=-1)
    np.save(out, v.numpy().astype(np.float32))


WORDS = ("the of and to in is was for on that with as by at from this it be are an or not have which "
         "one all new more time year people world day city water book language model word sentence "
         "house river music school family friend country river light night small large good first last "
         "read write speak learn translate search find train test vector embedding import file folder "
         "quick brown fox jumps over lazy dog hello cat sun moon tree sea red blue green").split()
SENTENCES = [  # for the tiny XLM-R's SentencePiece model
    'The quick brown fox jumps over the lazy dog.', 'A sentence encoder maps text to vectors.',
    'Where is the nearest train station?', 'I would like a cup of coffee, please.',
    'Der schnelle braune Fuchs springt über den faulen Hund.', 'Wo ist der nächste Bahnhof?',
    'Ich möchte bitte eine Tasse Kaffee.', 'Ein Satzkodierer bildet Text auf Vektoren ab.',
    'Le renard brun rapide saute par-dessus le chien paresseux.', 'Où est la gare la plus proche ?',
    "Je voudrais une tasse de café, s'il vous plaît.", 'Un encodeur de phrases associe des vecteurs au texte.',
    'El rápido zorro marrón salta sobre el perro perezoso.', '¿Dónde está la estación de tren más cercana?',
    'Quisiera una taza de café, por favor.', 'Un codificador de oraciones convierte texto en vectores.',
    'Быстрая коричневая лиса прыгает через ленивую собаку.', 'Где ближайший железнодорожный вокзал?',
    'Я хотел бы чашку кофе, пожалуйста.', 'Кодировщик предложений отображает текст в векторы.',
    'Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί.', 'Πού είναι ο πλησιέστερος σταθμός;',
    '敏捷的棕色狐狸跳过了懒狗。', '最近的火车站在哪里？', '请给我一杯咖啡。', '句子编码器把文本映射为向量。',
    '素早い茶色の狐がのろまな犬を飛び越える。', '一番近い駅はどこですか？',
    'Szybki brązowy lis przeskakuje nad leniwym psem.', 'Gdzie jest najbliższa stacja kolejowa?',
    'Hızlı kahverengi tilki tembel köpeğin üzerinden atlar.', 'En yakın tren istasyonu nerede?',
    'الثعلب البني السريع يقفز فوق الكلب الكسول.', 'أين أقرب محطة قطار؟',
    'Nopea ruskea kettu hyppää laiskan koiran yli.', 'Missä on lähin rautatieasema?',
]


def make_tiny(d, kind):
    from transformers import BertConfig, BertModel, XLMRobertaConfig, XLMRobertaModel
    d = Path(d); d.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(1234)
    dims = dict(hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)
    if kind == "bert":
        from transformers import BertTokenizer
        sub = [f"##{c}" for c in "abcdefghijklmnopqrstuvwxyz0123456789"] + ["##s", "##ed", "##ing", "##ly", "##er"]
        vocab = (["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + list(".,!?;:'\"-()") + list("0123456789")
                 + list("abcdefghijklmnopqrstuvwxyz") + sub + WORDS)
        (d / "vocab.txt").write_text("\n".join(dict.fromkeys(vocab)) + "\n", encoding="utf-8")
        tok = BertTokenizer.from_pretrained(d, do_lower_case=True)
        model = BertModel(BertConfig(vocab_size=len(tok), max_position_embeddings=128, type_vocab_size=2, **dims))
    else:
        import sentencepiece as spm
        from transformers import XLMRobertaTokenizer
        buf = io.BytesIO()  # unigram, nmt_nfkc normalisation (precompiled charsmap), unk=0 <s>=1 </s>=2
        spm.SentencePieceTrainer.train(sentence_iterator=iter(SENTENCES), model_writer=buf, vocab_size=400,
                                       model_type="unigram", character_coverage=1.0, hard_vocab_limit=False,
                                       minloglevel=2)
        (d / "sentencepiece.bpe.model").write_bytes(buf.getvalue())
        tok = XLMRobertaTokenizer.from_pretrained(d)  # <s>=0 <pad>=1 </s>=2 <unk>=3 ... <mask>=last
        model = XLMRobertaModel(XLMRobertaConfig(vocab_size=len(tok), max_position_embeddings=130,
                                                 type_vocab_size=1, pad_token_id=1, bos_token_id=0,
                                                 eos_token_id=2, **dims))
    with torch.no_grad():  # non-trivial norms and biases, so that a swapped weight/bias shows
        for name, p in model.named_parameters():
            if "LayerNorm.weight" in name:
                p.normal_(1.0, 0.1)
            elif name.endswith(".bias"):
                p.normal_(0.0, 0.05)
    model.save_pretrained(d)
    tok.save_pretrained(d)
    (d / "modules.json").write_text(json.dumps([
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}]))
    (d / "1_Pooling").mkdir(exist_ok=True)
    (d / "1_Pooling" / "config.json").write_text(json.dumps(
        {"word_embedding_dimension": 64, "pooling_mode_cls_token": False, "pooling_mode_mean_tokens": True}))


SUITE = [(kind, t) for kind in ("bert", "xlmr") for t in ("f32", "f16", "q8_0", "q4_0")]


def suite(d, text):
    """What test_gguf_import needs, in one process (loading torch and transformers takes
    seconds): the tiny models DIR/bert and DIR/xlmr, DIR/KIND-TYPE.gguf of every type, the
    vectors of the model each file holds (KIND-TYPE.held.npy) and of the source folders
    (KIND.source.npy)."""
    d = Path(d)
    for kind in ("bert", "xlmr"):
        make_tiny(d / kind, kind)
        vectors(d / kind, text, d / f"{kind}.source.npy")
    for kind, t in SUITE:
        convert(d / kind, d / f"{kind}-{t}.gguf", t)
        vectors(d / kind, text, d / f"{kind}-{t}.held.npy", d / f"{kind}-{t}.gguf")
    # Q6_K, which gguf.quants reads but does not write (llama-quantize stores a Q4_0 model's
    # token embedding so): random blocks with a sane scale, and gguf.quants' values of them.
    rng = np.random.default_rng(7)
    raw = rng.integers(0, 256, size=(3, 2 * 210), dtype=np.uint8)
    for b in range(2):
        raw[:, b * 210 + 208:b * 210 + 210] = np.frombuffer(np.float16(0.0123 * (b + 1)).tobytes(), np.uint8)
    w = gguf.GGUFWriter(str(d / "q6k.gguf"), "bert")
    w.add_tensor("probe.weight", raw, raw_dtype=Q.Q6_K)
    w.write_header_to_file(); w.write_kv_data_to_file(); w.write_tensors_to_file(); w.close()
    np.save(d / "q6k.npy", gguf.quants.dequantize(raw, Q.Q6_K).astype(np.float32))


def suite_st(d, text):
    """SentenceTransformer(DIR/KIND-TYPE) vectors of every imported folder: KIND-TYPE.st.npy."""
    from sentence_transformers import SentenceTransformer
    lines = Path(text).read_text(encoding="utf-8").splitlines()
    for kind, t in SUITE:
        folder = Path(d) / f"{kind}-{t}"
        st = SentenceTransformer(str(folder), device="cpu")
        np.save(Path(d) / f"{kind}-{t}.st.npy",
                st.encode(lines, batch_size=16, convert_to_numpy=True).astype(np.float32))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag, meta in (("--make-tiny-bert", "DIR"), ("--make-tiny-xlmr", "DIR"), ("--model", "DIR"),
                       ("--out", "FILE.gguf"), ("--vectors", "TEXTFILE"), ("--out-npy", "F.npy"),
                       ("--check", "FILE.gguf"), ("--gguf", "FILE.gguf"), ("--st-vectors", "TEXTFILE"),
                       ("--suite", "DIR"), ("--suite-st", "DIR"), ("--text", "TEXTFILE")):
        ap.add_argument(flag, metavar=meta)
    ap.add_argument("--type", choices=sorted(FTYPES), default="f16")
    a = ap.parse_args()
    if a.suite or a.suite_st:
        text = a.text or ap.error("--suite and --suite-st need --text")
        suite(a.suite, text) if a.suite else suite_st(a.suite_st, text)
        return
    if a.make_tiny_bert:
        make_tiny(a.make_tiny_bert, "bert")
    if a.make_tiny_xlmr:
        make_tiny(a.make_tiny_xlmr, "xlmr")
    if a.model and a.st_vectors:  # sentence-transformers reading a folder (an imported one)
        from sentence_transformers import SentenceTransformer
        st = SentenceTransformer(a.model, device="cpu")
        lines = Path(a.st_vectors).read_text(encoding="utf-8").splitlines()
        np.save(a.out_npy, st.encode(lines, batch_size=16, convert_to_numpy=True).astype(np.float32))
    elif a.model and a.vectors:
        vectors(a.model, a.vectors, a.out_npy or ap.error("--vectors needs --out-npy"), a.gguf)
    elif a.model and a.out:
        convert(a.model, a.out, a.type)
    if a.check:
        sys.exit(0 if check(a.check, a.model or ap.error("--check needs --model")) else 1)


if __name__ == "__main__":
    main()
