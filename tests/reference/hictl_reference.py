#!/usr/bin/env python3
"""Reference values for tests/unit/test_hictl.cpp: HICTL's sentence-level loss (eq. 2-4) with
hard negatives by interpolation (eq. 5-6), written independently of the C++ (explicit loops
over queries and negatives, interpolated vectors built literally). lambda is computed without
gradient, as in the engine. Run: /usr/bin/python3 tests/reference/hictl_reference.py"""

import torch

torch.set_default_dtype(torch.float64)


def loss(zx, zy, tau, exponent, valid=None):
    n = zx.shape[0]
    z = torch.cat([zx, zy])
    ok = [True] * (2 * n) if valid is None else list(valid) + list(valid)
    total, count = 0.0, 0
    for a in range(2 * n):
        if not ok[a]:
            continue
        p = a + n if a < n else a - n
        q = z[a]
        d_pos = float(torch.linalg.norm(z[p] - q))
        scores = []
        for b in range(2 * n):
            if b == a or not ok[b]:
                continue
            k = z[b]
            if b != p and exponent > 0:
                d_neg = float(torch.linalg.norm(k - q))
                if d_neg > d_pos:
                    lam = (d_pos / d_neg) ** exponent  # a constant: no gradient
                    k = q + lam * (k - q)
            s = torch.dot(q, k) / (torch.linalg.norm(q) * torch.linalg.norm(k)) / tau
            scores.append((b == p, s))
        logits = torch.stack([s for _, s in scores])
        positive = [i for i, (is_pos, _) in enumerate(scores) if is_pos][0]
        total = total - logits[positive] + torch.logsumexp(logits, 0)
        count += 1
    return total / count


def report(name, zx, zy, tau, exponent, valid=None):
    zx = zx.clone().requires_grad_(True)
    zy = zy.clone().requires_grad_(True)
    value = loss(zx, zy, tau, exponent, valid)
    value.backward()
    print(f"{name}: loss {value.item()!r}")
    print(f"  grad zx {zx.grad.tolist()}")
    print(f"  grad zy {zy.grad.tolist()}")


# Two pairs in 2-D (the test's fixture).
ZX = torch.tensor([[1.0, 0.0], [-1.0, 0.2]])
ZY = torch.tensor([[1.0, 0.5], [-1.0, -0.5]])
report("plain tau 1", ZX, ZY, 1.0, 0.0)
report("plain tau 0.5", ZX, ZY, 0.5, 0.0)
report("hard tau 0.5, exponent 0.9 * 0.6", ZX, ZY, 0.5, 0.9 * 0.6)
# Three pairs, the middle one skipped.
ZX3 = torch.tensor([[1.0, 0.0], [0.3, 0.3], [-1.0, 0.2]])
ZY3 = torch.tensor([[1.0, 0.5], [0.1, -0.4], [-1.0, -0.5]])
report("three pairs, the middle skipped, hard exponent 0.45", ZX3, ZY3, 0.5, 0.45,
       valid=[True, False, True])

