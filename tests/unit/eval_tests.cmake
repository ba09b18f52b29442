# Qt Test suites for core/eval (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_retrieval_metrics SOURCES unit/test_retrieval_metrics.cpp LIBS isomorph_common isomorph_eval LABELS unit)
isomorph_add_test(test_rerank SOURCES unit/test_rerank.cpp LIBS isomorph_common isomorph_eval LABELS unit)
isomorph_add_test(test_bm25 SOURCES unit/test_bm25.cpp LIBS isomorph_common isomorph_search LABELS unit)
isomorph_add_test(test_fusion SOURCES unit/test_fusion.cpp LIBS isomorph_common isomorph_search LABELS unit)
isomorph_add_test(test_rerank_top SOURCES unit/test_rerank_top.cpp LIBS isomorph_common isomorph_search LABELS unit)
isomorph_add_test(test_answer_recall SOURCES unit/test_answer_recall.cpp LIBS isomorph_common isomorph_eval LABELS unit)
isomorph_add_test(test_answers_reader SOURCES unit/test_answers_reader.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_bitext_evaluation SOURCES unit/test_bitext_evaluation.cpp LIBS isomorph_core LABELS unit)
