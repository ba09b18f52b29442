#!/usr/bin/env python3
"""Reference values for tests/unit/test_ir.cpp: the retrieval loss (eq. 1 over cosine / tau), the
semantic contrastive loss (eq. 2) and the language contrastive loss (eq. 3) of Hu et al. 2023,
written independently of the C++ as explicit loops over the sums of the paper's formulas.
Run: /usr/bin/python3 tests/reference/ir_reference.py"""

import math

import torch

torch.set_default_dtype(torch.float64)


def sim(u, v):
    return torch.dot(u, v) / (torch.linalg.norm(u) * torch.linalg.norm(v))


def l_ir(q, p, tau):
    n = q.shape[0]
    total = 0.0
    for i in range(n):
        num = torch.exp(sim(q[i], p[i]) / tau)
        den = num + sum(torch.exp(sim(q[i], p[j]) / tau) for j in range(n) if j != i)
        total = total + torch.log(num / den)
    return -total / n


def l_sema(zx, zy, tau):
    n = zx.shape[0]
    z = torch.cat([zx, zy])
    total = 0.0
    for i in range(n):
        j = i + n
        for a, b in ((i, j), (j, i)):
            num = torch.exp(sim(z[a], z[b]) / tau)
            den = sum(torch.exp(sim(z[a], z[k]) / tau) for k in range(2 * n) if k != a)
            total = total + torch.log(num / den)
    return -total / (2 * n)


def l_lang(zx, zy, zq):
    n = zx.shape[0]
    z = torch.cat([zx, zy, zq])
    big_n = z.shape[0]
    total = 0.0
    for i in range(n):
        j = i + n
        for k in range(big_n):
            if k in (i, j):
                continue
            a = torch.exp(sim(z[i], z[k]))
            b = torch.exp(sim(z[j], z[k]))
            total = total + torch.log(a / (a + b)) + torch.log(b / (a + b))
    return -total / (big_n * (big_n - 2))


def report(name, fn, *tensors):
    ts = [t.clone().requires_grad_(True) for t in tensors]
    value = fn(*ts)
    value.backward()
    print(f"{name}: loss {value.item()!r}")
    for k, t in enumerate(ts):
        print(f"  grad {k} {t.grad.tolist()}")


# Three queries and passages in 2-D (the test's fixture).
Q = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
P = torch.tensor([[0.8, 0.2], [-0.1, 1.0], [0.5, -0.4]])
report("ir tau 1", lambda q, p: l_ir(q, p, 1.0), Q, P)
report("ir tau 0.1", lambda q, p: l_ir(q, p, 0.1), Q, P)
# Two parallel pairs and two non-parallel sentences.
ZX = torch.tensor([[1.0, 0.0], [-1.0, 0.2]])
ZY = torch.tensor([[1.0, 0.5], [-1.0, -0.5]])
ZQ = torch.tensor([[0.3, 0.9], [0.7, -0.2]])
report("sema tau 0.5", lambda x, y: l_sema(x, y, 0.5), ZX, ZY)
report("lang with Q", l_lang, ZX, ZY, ZQ)
report("lang parallel only", lambda x, y: l_lang(x, y, torch.zeros(0, 2)), ZX, ZY)
# By hand: one pair x = (1, 0), y = (0, 1) and k = (1, 0): N = 3, s_xk = 1, s_yk = 0, so
# L = -(log s(1) + log s(-1)) / 3 with s the logistic function.
hand = -(math.log(1 / (1 + math.exp(-1))) + math.log(1 / (1 + math.exp(1)))) / 3
print(f"lang by hand {hand!r}")
print(f"lang one pair {l_lang(torch.tensor([[1.0, 0.0]]), torch.tensor([[0.0, 1.0]]), torch.tensor([[1.0, 0.0]])).item()!r}")
