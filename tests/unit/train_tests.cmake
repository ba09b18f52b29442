# Qt Test suites for core/train (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_run_config SOURCES unit/test_run_config.cpp LIBS isomorph_core LABELS unit)
# compareBitext: a stage's change of bitext accuracy and its paired t-test, by hand.
isomorph_add_test(test_bitext_change SOURCES unit/test_bitext_change.cpp LIBS isomorph_train LABELS unit)
isomorph_add_test(test_train_objectives
    SOURCES unit/test_train_objectives.cpp LIBS isomorph_core LABELS unit TORCH)
# In-process training on the tiny corpus (binarized with isomorph-cli): scheduler, checkpoint store,
# a toy objective through the registry, Table 5's switches, fp64 resume, mean shifts.
isomorph_add_test(test_trainer
    SOURCES unit/test_trainer.cpp LIBS isomorph_core LABELS integration TIMEOUT 600 TORCH)
# MSM: the hierarchical contrastive loss by hand, the document encoder's masking, gradients, the
# paper's ablation switches trained on the tiny corpus.
isomorph_add_test(test_msm SOURCES unit/test_msm.cpp LIBS isomorph_train LABELS unit TIMEOUT 600 TORCH)
# Sweeps: grid cells, a bad grid refused before any run, tables, resume (tiny corpus).
isomorph_add_test(test_sweep SOURCES unit/test_sweep.cpp LIBS isomorph_workflows LABELS integration TIMEOUT 600)
# HICTL's sentence-level loss and hard negatives against tests/reference/hictl_reference.py.
isomorph_add_test(test_hictl SOURCES unit/test_hictl.cpp LIBS isomorph_core LABELS unit TORCH)
# HICTL in the engine on the tiny corpus: gradients, registry, exact resume with hard negatives.
isomorph_add_test(test_hictl_training
    SOURCES unit/test_hictl_training.cpp LIBS isomorph_core LABELS integration TORCH)
# The retrieval objective's losses (eq. 1-3) against tests/reference/ir_reference.py.
isomorph_add_test(test_ir SOURCES unit/test_ir.cpp LIBS isomorph_core LABELS unit TORCH)
# The retrieval objective in the engine on the tiny corpus and a tiny BEIR set: gradients,
# sequential backward, skipped queries, resume, two processes against one.
isomorph_add_test(test_ir_training
    SOURCES unit/test_ir_training.cpp LIBS isomorph_core LABELS integration TIMEOUT 600 TORCH)
# k-fold re-ranking fine-tuning on a tiny BEIR set: disjoint folds, no training on held-out
# queries, only the last layers and the head change.
isomorph_add_test(test_rerank_finetune
    SOURCES unit/test_rerank_finetune.cpp LIBS isomorph_core LABELS integration TORCH)
# XLP: RR/QLM losses by hand, section alignment, windowed cross-encoder vs masked full attention,
# global projections; then the objective on a tiny sectioned corpus (training, schedule, bad input).
isomorph_add_test(test_xlp SOURCES unit/test_xlp.cpp LIBS isomorph_core LABELS unit TORCH)
isomorph_add_test(test_xlp_training
    SOURCES unit/test_xlp_training.cpp LIBS isomorph_core LABELS integration TORCH)
# Held-out MLM loss (the retrieval demo's position repair measurement): chance for a fresh head,
# deterministic, unchanged on short rows by `model extend`, bad checkpoints refused.
isomorph_add_test(test_mlm_probe
    SOURCES unit/test_mlm_probe.cpp LIBS isomorph_core LABELS unit TORCH)
