#!/usr/bin/python3
"""Independent reference for core/eval/answer_recall (used by tests/unit/test_answer_recall).

Usage: answer_recall_reference.py INPUT.json OUTPUT.json

INPUT:  {"queries": [{"texts": [...], "answers": [...]}, ...], "budgets": [n, ...]}
OUTPUT: {"tokens": [[token, ...] per query, of the first budget], "recall": {"tokens": {n: r},
         "substring": {n: r}}, "evaluated": int, "withoutSpans": int}

The XOR-Retrieve definition written independently of the C++: word tokens are runs of Unicode
letters, marks, digits and format characters, except Han/Kana/Hangul characters and other visible
characters, which are tokens by themselves; whitespace and control characters separate. yes/no
answers are dropped and queries left without answers are not evaluated.
"""
import json
import sys
import unicodedata


def is_cjk(ch):
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return False
    return name.startswith(("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH", "HIRAGANA",
                            "KATAKANA", "HANGUL"))


def kind(ch):
    if ch.isspace():
        return "separator"
    if is_cjk(ch):
        return "single"
    category = unicodedata.category(ch)
    if category[0] in "LMN" or category == "Cf":
        return "word"
    if category == "Cc":
        return "separator"
    return "single"


def word_tokens(text):
    tokens, word = [], ""
    for ch in text:
        k = kind(ch)
        if k == "word":
            word += ch
            continue
        if word:
            tokens.append(word)
            word = ""
        if k == "single":
            tokens.append(ch)
    if word:
        tokens.append(word)
    return tokens


def first_tokens(texts, budget):
    tokens = []
    for t in texts:
        tokens += word_tokens(t)
    return tokens[:budget]


def span_answers(answers):
    return [a for a in answers
            if a.strip(" \t\r\n\f\v").lower() not in ("yes", "no") and word_tokens(a)]


def contains_run(tokens, run):
    n = len(run)
    return n > 0 and any(tokens[i:i + n] == run for i in range(len(tokens) - n + 1))


def main():
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    queries, budgets = data["queries"], data["budgets"]
    out = {"tokens": [first_tokens(q["texts"], budgets[0]) for q in queries],
           "recall": {"tokens": {}, "substring": {}}}
    evaluated = [q for q in queries if span_answers(q["answers"])]
    out["evaluated"] = len(evaluated)
    out["withoutSpans"] = len(queries) - len(evaluated)
    for n in budgets:
        hits_tokens = hits_substring = 0
        for q in evaluated:
            tokens = first_tokens(q["texts"], n)
            spans = span_answers(q["answers"])
            hits_tokens += any(contains_run(tokens, word_tokens(a)) for a in spans)
            hits_substring += any(a in " ".join(tokens) for a in spans)
        out["recall"]["tokens"][str(n)] = hits_tokens / len(evaluated) if evaluated else 0.0
        out["recall"]["substring"][str(n)] = hits_substring / len(evaluated) if evaluated else 0.0
    json.dump(out, open(sys.argv[2], "w", encoding="utf-8"))


if __name__ == "__main__":
    main()
