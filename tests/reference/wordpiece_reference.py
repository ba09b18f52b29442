#!/usr/bin/python3
"""Independent reference for Isomorph's WordPieceTokenizer (tests/unit/test_wordpiece_tokenizer.cpp).

Written from the description of transformers' slow BertTokenizer.tokenize() with the standard
library only (unicodedata for the Unicode tables, str.lower/str.split for casing and whitespace),
so the C++ implementation, which uses ICU, is checked against independent Unicode data.

Usage:
  wordpiece_reference.py VOCAB LOWER [--tokens] < lines   one line of ids (or tokens) per input line
  wordpiece_reference.py --build-vocab < sentences        a small vocab.txt built from the sentences
  wordpiece_reference.py --char-vocab                     every assigned character, plain and "##"

Input is split on b"\\n" only and decoded as UTF-8 (invalid bytes become U+FFFD, which the
tokenizer drops), so lines may hold "\\r" and other control characters.
"""

import sys
import unicodedata
from collections import Counter

SPECIALS = ["[CLS]", "[SEP]", "[MASK]", "[PAD]", "[UNK]"]
UNK = "[UNK]"
MAX_CHARS_PER_WORD = 100

CJK_RANGES = [
    (0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F),
]


def is_cjk(ch):
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in CJK_RANGES)


def is_control(ch):
    if ch in "\t\n\r":
        return False
    return unicodedata.category(ch)[0] == "C"


def is_whitespace(ch):
    return ch in " \t\n\r" or unicodedata.category(ch) == "Zs"


def is_punct(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch)[0] == "P"


def cut_specials(text, present):
    """Splits text into (chunk, is_special) parts, taking the leftmost, then longest, special."""
    parts, start, i = [], 0, 0
    while i < len(text):
        match = max((s for s in present if text.startswith(s, i)), key=len, default=None)
        if match is None:
            i += 1
            continue
        parts.append((text[start:i], False))
        parts.append((match, True))
        i += len(match)
        start = i
    parts.append((text[start:], False))
    return parts


def clean(text):
    out = []
    for ch in text:
        if ch == "\0" or ch == "\ufffd" or is_control(ch):
            continue
        out.append(" " if is_whitespace(ch) else ch)
    return "".join(out)


def strip_accents(token):
    return "".join(c for c in unicodedata.normalize("NFD", token) if unicodedata.category(c) != "Mn")


def punct_pieces(token):
    pieces, current = [], ""
    for ch in token:
        if is_punct(ch):
            if current:
                pieces.append(current)
            pieces.append(ch)
            current = ""
        else:
            current += ch
    if current:
        pieces.append(current)
    return pieces


def basic_tokens(chunk, lower):
    text = clean(chunk)
    text = "".join(" " + ch + " " if is_cjk(ch) else ch for ch in text)
    text = unicodedata.normalize("NFC", text)
    words = []
    for token in text.split():
        if token in SPECIALS:
            words.append(token)
            continue
        if lower:
            token = strip_accents(token.lower())
        words.extend(punct_pieces(token))
    return " ".join(words).split()


def word_pieces(word, vocab):
    if len(word) > MAX_CHARS_PER_WORD:
        return [UNK]
    pieces, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            candidate = ("##" if start else "") + word[start:end]
            if candidate in vocab:
                pieces.append(candidate)
                start = end
                break
        else:
            return [UNK]
    return pieces


def tokenize(text, vocab, lower):
    if lower:
        # tokenize() lower-cases character by character outside the special tokens.
        text = "".join(part if special else "".join(ch.lower() for ch in part)
                       for part, special in cut_specials(text, SPECIALS))
    tokens = []
    for part, special in cut_specials(text, [s for s in SPECIALS if s in vocab]):
        if special:
            tokens.append(part)
            continue
        for word in basic_tokens(part, lower):
            tokens.extend(word_pieces(word, vocab))
    return tokens


def read_lines():
    data = sys.stdin.buffer.read()
    if data.endswith(b"\n"):
        data = data[:-1]
    return [line.decode("utf-8", errors="replace") for line in data.split(b"\n")] if data else []


def build_vocab(sentences):
    """Specials in mBERT's order, then pieces by frequency; rare characters stay out so [UNK]
    occurs, whole words need two occurrences so most words are split into pieces."""
    words = Counter()
    for sentence in sentences:
        for lower in (False, True):
            words.update(w for w in basic_tokens(sentence, lower) if w not in SPECIALS)
    chars, prefixes, suffixes = Counter(), Counter(), Counter()
    for word, n in words.items():
        for i, ch in enumerate(word):
            chars[("##" if i else "") + ch] += n
        for k in range(2, min(4, len(word)) + 1):
            prefixes[word[:k]] += n
        for i in range(1, len(word)):
            for k in (2, 3):
                if i + k <= len(word):
                    suffixes["##" + word[i:i + k]] += n
    pieces = Counter()
    pieces.update({w: n for w, n in words.items() if n >= 2 and len(w) <= 24})
    pieces.update({c: n for c, n in chars.items() if n >= 2})
    pieces.update({p: n for p, n in prefixes.items() if n >= 3})
    pieces.update({s: n for s, n in suffixes.items() if n >= 4})
    head = ["[PAD]", "[unused1]", "[unused2]", UNK, "[CLS]", "[SEP]", "[MASK]"]
    ordered = sorted((p for p in pieces if p not in head), key=lambda p: (-pieces[p], p))
    return head + ordered


def char_vocab():
    """Every assigned, non-space character as a word and as a continuation: the tokens then show
    exactly how each character was cleaned, cased, normalized and split."""
    head = ["[PAD]", UNK, "[CLS]", "[SEP]", "[MASK]"]
    chars = [chr(cp) for cp in range(0x110000)
             if unicodedata.category(chr(cp)) not in ("Cn", "Cs", "Co") and not chr(cp).isspace()]
    return head + chars + ["##" + ch for ch in chars]


def main(argv):
    if len(argv) == 2 and argv[1] in ("--build-vocab", "--char-vocab"):
        tokens = build_vocab(read_lines()) if argv[1] == "--build-vocab" else char_vocab()
        sys.stdout.buffer.write("".join(t + "\n" for t in tokens).encode("utf-8"))
        return 0
    if len(argv) not in (3, 4):
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8", newline=None) as f:
        vocab = {line.rstrip("\n"): i for i, line in enumerate(f.readlines())}
    lower = argv[2].lower() in ("1", "true", "lower")
    as_tokens = len(argv) == 4 and argv[3] == "--tokens"
    out = []
    for line in read_lines():
        tokens = tokenize(line, vocab, lower)
        out.append(" ".join(tokens if as_tokens else (str(vocab[t]) for t in tokens)))
    sys.stdout.buffer.write("".join(line + "\n" for line in out).encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
